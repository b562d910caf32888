// Input parsing of the door, on real Request objects: JSON bodies, types, sizes.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { defineOperation } from "./operation.ts";
import { MAX_JSON_BODY_BYTES, parseInput } from "./parse-input.ts";

const op = defineOperation({
  operationId: "example",
  method: "POST",
  path: "/api/v1/example",
  tag: "Accounts",
  summary: "example",
  query: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
  body: z.strictObject({ name: z.string(), tags: z.array(z.string()).optional() }),
  responses: { 200: { description: "ok", schema: z.object({}) } },
});

const request = (query: string, body: string | undefined, headers: Record<string, string> = {}) =>
  new Request(`http://local/api/v1/example${query}`, { method: "POST", body, headers });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected a failure");
}

describe("parseInput", () => {
  it("parses and defaults query and body", async () => {
    const input = await parseInput(op, request("", JSON.stringify({ name: "a" })), {});
    expect(input).toEqual({ params: undefined, query: { limit: 20 }, body: { name: "a" } });
  });

  it("answers 400 INVALID_JSON to a body that is not JSON", async () => {
    const err = await failure(parseInput(op, request("", "{name: 'a'"), {}));
    expect(err.code).toBe("INVALID_JSON");
    expect(err.status).toBe(400);
  });

  it("names the field of a wrong type, in the body and in the query", async () => {
    const body = await failure(parseInput(op, request("", JSON.stringify({ name: 1, tags: ["a", 2] })), {}));
    expect(body.code).toBe("VALIDATION_ERROR");
    expect((body.details as { issues: { path: string; location: string }[] }).issues.map((i) => [i.path, i.location])).toEqual([
      ["name", "body"],
      ["tags[1]", "body"],
    ]);
    const query = await failure(parseInput(op, request("?limit=abc", JSON.stringify({ name: "a" })), {}));
    expect((query.details as { issues: { path: string; location: string }[] }).issues[0]).toMatchObject({ path: "limit", location: "query" });
    const repeated = await failure(parseInput(op, request("?limit=1&limit=2", JSON.stringify({ name: "a" })), {}));
    expect(repeated.code).toBe("VALIDATION_ERROR");
  });

  it("refuses unknown body fields and a missing body", async () => {
    const unknown = await failure(parseInput(op, request("", JSON.stringify({ name: "a", extra: true })), {}));
    expect((unknown.details as { issues: { path: string; message: string }[] }).issues[0]).toMatchObject({ path: "extra", message: "Unknown field" });
    expect((await failure(parseInput(op, request("", undefined), {}))).code).toBe("VALIDATION_ERROR");
  });

  it("answers 413 to bodies over the limit, declared or streamed", async () => {
    const big = JSON.stringify({ name: "x".repeat(MAX_JSON_BODY_BYTES) });
    expect((await failure(parseInput(op, request("", big), {}))).code).toBe("PAYLOAD_TOO_LARGE");
  });
});
