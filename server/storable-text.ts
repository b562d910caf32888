// Text PostgreSQL cannot store: NUL (U+0000) in text or jsonb, and lone UTF-16 surrogates (jsonb
// refuses their \udXXX escapes; text would silently get U+FFFD instead). Every door checks its raw
// input with assertStorableText before its schemas, so such input is a 422 naming the field, the
// same on REST, MCP and tRPC, and nothing is written.
import { AppError } from "./errors.ts";
import { formatPath, type Issue, type IssueLocation } from "./validation-issues.ts";

// Without the u flag a regex sees UTF-16 code units: a high surrogate not followed by a low one,
// or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is what this refuses
const refused = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_ISSUES = 20;

function problem(text: string): string | undefined {
  const match = refused.exec(text);
  if (!match) return undefined;
  return match[0] === "\u0000" ? "must not contain the NUL character (U+0000)" : "must not contain an unpaired UTF-16 surrogate (invalid Unicode)";
}

/** A position in the value: its key and its parent's position, so a path is built only for an issue. */
type Position = { key: PropertyKey; parent: Position } | null;

function pathOf(position: Position): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let p = position; p; p = p.parent) path.push(p.key);
  return path.reverse();
}

/** The strings (values and keys) of a parsed JSON value or query that cannot be stored. */
function unstorableTextIssues(value: unknown, location: IssueLocation): Issue[] {
  const issues: Issue[] = [];
  // An explicit stack: a deeply nested body must not overflow the call stack. Positions link to
  // their parent rather than copy the path, which made a body nested 100,000 deep quadratic.
  const stack: [unknown, Position][] = [[value, null]];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const [node, position] = stack.pop()!;
    if (typeof node === "string") {
      const message = problem(node);
      if (message) issues.push({ path: formatPath(pathOf(position)), message, code: "invalid_characters", location });
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], { key: i, parent: position }]);
    } else if (node !== null && typeof node === "object") {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const message = problem(key);
        if (message) issues.push({ path: formatPath([...pathOf(position), key]), message: `field name ${message}`, code: "invalid_characters", location });
        stack.push([child, { key, parent: position }]);
      }
    }
  }
  return issues;
}

/** Throws VALIDATION_ERROR (422) naming every field whose text cannot be stored. */
export function assertStorableText(value: unknown, location: IssueLocation): void {
  const issues = unstorableTextIssues(value, location);
  const first = issues[0];
  if (!first) return;
  throw new AppError("VALIDATION_ERROR", `${first.path ? `${first.path}: ` : ""}${first.message}`, { issues });
}
