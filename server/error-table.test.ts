// The error table (server/errors.ts) against what users are told: SPEC.md's fixed statuses and
// the API guide's table of codes (docs/api-guide.md), so a status changed in code, or a code added without telling
// users, fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorCodes, errorTable } from "./errors.ts";

const statuses = Object.fromEntries(errorCodes.map((code) => [code, errorTable[code].status]));

/** The API guide's "codes and their statuses" table as code → status (a row may list several codes). */
function guideErrorTable(): Record<string, number> {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../docs/api-guide.md"), "utf8");
  const start = readme.indexOf("The codes and their statuses");
  expect(start, "the API guide's error table").toBeGreaterThan(-1);
  const table: Record<string, number> = {};
  for (const line of readme.slice(start).split("\n").slice(1)) {
    const row = /^\s*\|\s*(\d{3})\s*\|([^|]*)\|/.exec(line);
    if (!row) {
      if (Object.keys(table).length && !/^\s*\|/.test(line)) break; // the table ended
      continue;
    }
    for (const [, code] of row[2]!.matchAll(/`([A-Z_]+)`/g)) table[code!] = Number(row[1]);
  }
  return table;
}

describe("error table", () => {
  it("answers the statuses SPEC.md fixes", () => {
    // SPEC.md, "Errors". Its 502 row ("code not stated": replay of an unsuccessful terminal media
    // job) is JOB_NOT_SUCCESSFUL here.
    expect(statuses).toMatchObject({
      VALIDATION_ERROR: 422,
      REQUEST_CONFLICT: 409,
      POST_NOT_CANCELLABLE: 409,
      SERVICE_UNAVAILABLE: 503,
      JOB_NOT_SUCCESSFUL: 502,
    });
  });

  it("is the API guide's table: the same codes with the same statuses", () => {
    expect(guideErrorTable()).toEqual(statuses);
  });
});
