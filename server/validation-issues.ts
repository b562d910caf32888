// zod issues as the field list of VALIDATION_ERROR: { path: "posts[0]", message, code, location }.
import type { ZodError } from "zod";

export type IssueLocation = "body" | "query" | "path";
export type Issue = { path: string; message: string; code: string; location: IssueLocation };

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

export function zodIssues(err: ZodError, location: IssueLocation): Issue[] {
  const issues: Issue[] = [];
  for (const issue of err.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        issues.push({
          path: formatPath([...issue.path, key]),
          message: location === "query" ? "Unknown query parameter" : "Unknown field",
          code: "unrecognized_key",
          location,
        });
      }
      continue;
    }
    issues.push({ path: formatPath(issue.path), message: issue.message, code: issue.code, location });
  }
  return issues;
}
