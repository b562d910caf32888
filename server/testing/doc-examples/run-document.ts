// Runs one document's shell examples in one shell, in order, and answers what went wrong (an
// empty list when every example ran and printed what the document shows). It stops at the first
// failing step: the later ones build on it.
import fs from "node:fs";
import path from "node:path";
import { docBlocks, type Step } from "./doc-blocks.ts";
import { mismatches, parseExpected, textMatches } from "./output-pattern.ts";
import { ShellSession, type StepResult } from "./shell-session.ts";

/** The settings a document may declare in its first example; the runner gives them its own values. */
export const SETTINGS = ["BASE", "KEY", "LOCAL"] as const;
export type Settings = Record<(typeof SETTINGS)[number], string>;

export type DocumentRun = { steps: number; failure: string | null };

export async function runDocument(doc: string, opts: { dir: string; env: NodeJS.ProcessEnv; settings: Settings; stepTimeoutMs: number }): Promise<DocumentRun> {
  const { runnable } = docBlocks(fs.readFileSync(doc, "utf8"));
  const steps = runnable.flatMap((block, b) => block.steps.map((step) => (b === 0 ? declare(step, opts.settings) : step)));
  if (steps.length === 0) return { steps: 0, failure: null };
  const shell = new ShellSession(opts.dir, opts.env);
  try {
    for (const [n, step] of steps.entries()) {
      const where = `${path.relative(process.cwd(), path.resolve(doc))}:${step.line}`;
      let result: StepResult;
      try {
        result = await shell.run(step.script, opts.stepTimeoutMs);
      } catch (err) {
        return { steps: n + 1, failure: `${where}: ${(err as Error).message}\n${step.script}` };
      }
      const problem = check(step, result);
      if (problem) {
        const printed = `--- the example:\n${step.script}\n--- printed:\n${result.stdout}\n--- stderr:\n${result.stderr}`;
        return { steps: n + 1, failure: `${where}: ${problem}\n${printed}` };
      }
    }
    return { steps: steps.length, failure: null };
  } finally {
    shell.stop();
  }
}

function declare(step: Step, settings: Settings): Step {
  const names = SETTINGS.join("|");
  return { ...step, script: step.script.replace(new RegExp(`^(${names})=.*$`, "gm"), (_, name: keyof Settings) => `${name}='${settings[name]}'`) };
}

function check(step: Step, result: StepResult): string | null {
  if (result.exited) return "the shell ended (an undefined variable?)";
  if (result.failures.length) return `a command failed: ${result.failures.join("; ")}`;
  const expected = step.shown === null ? null : parseExpected(step.shown);
  const unshown = (expected?.status ? result.statuses.slice(0, -1) : result.statuses).filter((s) => s >= 400);
  if (unshown.length) return `HTTP ${unshown.join(", ")}, which the document does not show`;
  if (!expected) return null;
  if (expected.status && result.statuses.at(-1) !== expected.status)
    return `the answer's status is ${result.statuses.at(-1)}, the document shows ${expected.status}`;
  if (!expected.json) return textMatches(result.stdout, expected.text) ? null : `the output differs from what the document shows:\n${expected.text}`;
  let actual: unknown;
  try {
    actual = JSON.parse(result.stdout);
  } catch {
    return "the document shows JSON; the output is not one JSON value";
  }
  const diff = mismatches(actual, expected.json);
  return diff.length ? `the output differs from what the document shows:\n  ${diff.join("\n  ")}` : null;
}
