// The shell examples of a Markdown document, cut into steps for the doc-test runner
// (docs/testing.md, "Documentation examples run"). Every fenced block names its language. A
// shell block (sh, bash, shell) runs unless the line before its fence is
// `<!-- doc-test: skip: why -->`. In a shell block, a comment `# → …` shows what the commands
// above it (back to the previous one) print; comment lines right below it that start with `#`
// and at least two spaces continue it.
export type Step = { line: number; script: string; shown: string | null };
export type Block = { line: number; language: string; skip: string | null; steps: Step[] };

const SHELL = new Set(["sh", "bash", "shell"]);
const SKIP = /^<!--\s*doc-test:\s*skip:\s*(.+?)\s*-->$/;

export function docBlocks(markdown: string): { runnable: Block[]; skipped: Block[] } {
  const lines = markdown.split("\n");
  const runnable: Block[] = [];
  const skipped: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]!);
    if (!fence) continue;
    const [, indent, marks, info] = fence;
    const language = info!.trim().split(/\s+/)[0] ?? "";
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.trim().startsWith(marks!); i++) body.push(lines[i]!.slice(indent!.length));
    if (i >= lines.length) throw new Error(`line ${start + 1}: a fenced block that never closes`);
    if (!language) throw new Error(`line ${start + 1}: a fenced block without a language (sh, json, text, …)`);
    const skip = SKIP.exec(lines[start - 1]?.trim() ?? "")?.[1] ?? null;
    if (skip !== null && !SHELL.has(language)) throw new Error(`line ${start}: doc-test: skip marks a ${language} block, which never runs`);
    if (!SHELL.has(language)) continue;
    const block: Block = { line: start + 1, language, skip, steps: steps(body, start + 2) };
    (skip === null ? runnable : skipped).push(block);
  }
  return { runnable, skipped };
}

function steps(body: string[], firstLine: number): Step[] {
  const out: Step[] = [];
  let script: string[] = [];
  let scriptLine = firstLine;
  for (let k = 0; k < body.length; k++) {
    const shown = /^\s*# → ?(.*)$/.exec(body[k]!);
    if (!shown) {
      if (script.length === 0) scriptLine = firstLine + k;
      script.push(body[k]!);
      continue;
    }
    const parts = [shown[1]!];
    while (k + 1 < body.length && /^\s*# {2,}\S/.test(body[k + 1]!)) parts.push(body[++k]!.replace(/^\s*#/, "").trim());
    if (!script.some((l) => l.trim() && !l.trim().startsWith("#"))) throw new Error(`line ${firstLine + k}: output shown with no command above it`);
    out.push({ line: scriptLine, script: script.join("\n"), shown: parts.join("\n") });
    script = [];
  }
  if (script.some((l) => l.trim() && !l.trim().startsWith("#"))) out.push({ line: scriptLine, script: script.join("\n"), shown: null });
  return out;
}
