// What a doc shows a command prints (docs/testing.md, "Documentation examples run"): an optional
// HTTP status, then JSON in which `…` stands for what varies (a value, the rest of an object's
// members or of an array's elements, any run of characters inside a string), or plain text in
// which `…` stands for any run of characters on a line, and a line of only `…` for any lines.
export type Pattern =
  | { kind: "any" }
  | { kind: "literal"; value: string | number | boolean | null }
  | { kind: "glob"; parts: string[] }
  | { kind: "object"; members: [string, Pattern][]; open: boolean }
  | { kind: "array"; items: Pattern[]; open: boolean };

export type Expected = { status: number | null; json: Pattern | null; text: string };

const ELLIPSIS = "…";

export function parseExpected(shown: string): Expected {
  const m = /^(\d{3})(?:\s+|$)([\s\S]*)$/.exec(shown.trim());
  const status = m ? Number(m[1]) : null;
  const text = (m ? m[2]! : shown).trim();
  return { status, json: /^[[{]/.test(text) ? parseJsonPattern(text) : null, text };
}

export function parseJsonPattern(text: string): Pattern {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`output pattern: ${what} at ${i}: ${text.slice(Math.max(0, i - 30), i)}⟨here⟩${text.slice(i, i + 30)}`);
  };
  const ws = () => {
    while (/\s/.test(text[i] ?? "")) i++;
  };
  const eat = (s: string) => {
    ws();
    if (!text.startsWith(s, i)) fail(`expected ${s}`);
    i += s.length;
  };
  const peek = (s: string) => (ws(), text.startsWith(s, i));
  const string = (): string => {
    ws();
    const start = i;
    if (text[i] !== '"') fail("expected a string");
    for (i++; text[i] !== '"'; i++) {
      if (i >= text.length) fail("unterminated string");
      if (text[i] === "\\") i++;
    }
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): Pattern => {
    ws();
    if (peek(ELLIPSIS)) return (eat(ELLIPSIS), { kind: "any" });
    if (peek("{")) {
      eat("{");
      const members: [string, Pattern][] = [];
      let open = false;
      while (!peek("}")) {
        if (members.length || open) eat(",");
        if (peek(ELLIPSIS)) {
          eat(ELLIPSIS);
          open = true;
          continue;
        }
        const key = string();
        eat(":");
        members.push([key, value()]);
      }
      eat("}");
      return { kind: "object", members, open };
    }
    if (peek("[")) {
      eat("[");
      const items: Pattern[] = [];
      let open = false;
      while (!peek("]")) {
        if (open) fail("`…` must be an array's last element");
        if (items.length) eat(",");
        if (peek(ELLIPSIS)) {
          eat(ELLIPSIS);
          open = true;
          continue;
        }
        items.push(value());
      }
      eat("]");
      return { kind: "array", items, open };
    }
    if (peek('"')) {
      const s = string();
      return s.includes(ELLIPSIS) ? { kind: "glob", parts: s.split(ELLIPSIS) } : { kind: "literal", value: s };
    }
    const literal = /^(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i));
    if (!literal) return fail("expected a value");
    i += literal[0].length;
    return { kind: "literal", value: JSON.parse(literal[0]) as string | number | boolean | null };
  };
  const pattern = value();
  ws();
  if (i < text.length) fail("unexpected text after the value");
  return pattern;
}

/** The differences between a value and a pattern, each with its path ([] when it matches). */
export function mismatches(actual: unknown, pattern: Pattern, path = "$"): string[] {
  const show = (v: unknown) => JSON.stringify(v)?.slice(0, 120);
  switch (pattern.kind) {
    case "any":
      return [];
    case "literal":
      return actual === pattern.value ? [] : [`${path}: expected ${show(pattern.value)}, got ${show(actual)}`];
    case "glob":
      return typeof actual === "string" && globMatches(actual, pattern.parts)
        ? []
        : [`${path}: expected "${pattern.parts.join(ELLIPSIS)}", got ${show(actual)}`];
    case "object": {
      if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return [`${path}: expected an object, got ${show(actual)}`];
      const record = actual as Record<string, unknown>;
      const out = pattern.members.flatMap(([key, p]) => (key in record ? mismatches(record[key], p, `${path}.${key}`) : [`${path}.${key}: missing`]));
      if (!pattern.open) {
        const shown = new Set(pattern.members.map(([key]) => key));
        for (const key of Object.keys(record)) if (!shown.has(key)) out.push(`${path}.${key}: not shown (add it, or \`…\` for the rest)`);
      }
      return out;
    }
    case "array": {
      if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
      const count = pattern.open ? actual.length >= pattern.items.length : actual.length === pattern.items.length;
      const out = count ? [] : [`${path}: expected ${pattern.open ? "at least " : ""}${pattern.items.length} items, got ${actual.length}`];
      pattern.items.forEach((p, k) => k < actual.length && out.push(...mismatches(actual[k], p, `${path}[${k}]`)));
      return out;
    }
  }
}

export function globMatches(text: string, parts: string[]): boolean {
  const source = parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[\\s\\S]*");
  return new RegExp(`^${source}$`).test(text);
}

/** Text output against the shown text: `…` is any run of characters on a line; a line of only `…` any lines. */
export function textMatches(actual: string, shown: string): boolean {
  const escape = (l: string) => l.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const source = shown
    .split("\n")
    .map((l) => l.trimEnd())
    .map((l) => (l === ELLIPSIS ? "(?:[^\\n]*\\n)*" : `${l.split(ELLIPSIS).map(escape).join("[^\\n]*")}\\n`))
    .join("");
  const lines = actual.split("\n").map((l) => l.trimEnd());
  return new RegExp(`^${source}$`).test(`${lines.join("\n").trimEnd()}\n`);
}
