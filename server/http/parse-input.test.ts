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
  scope: "accounts:read",
  summary: "example",
  query: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
  body: z.strictObject({ name: z.string(), tags: z.array(z.string()).optional() }),
  responses: { 200: { description: "ok", schema: z.object({}) } },
});

const request = (query: string, body: string | undefined, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
  new Request(`http://local/api/v1/example${query}`, { method: "POST", body, headers });

const issuesOf = (err: AppError) => (err.details as { issues: { path: string; location: string; code: string }[] }).issues;

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

  it("reads a body as JSON only under a JSON media type, else 415", async () => {
    const body = JSON.stringify({ name: "a" });
    for (const type of [
      "application/json",
      "application/json; charset=utf-8",
      "Application/JSON;charset=UTF-8",
      "application/merge-patch+json",
      "application/vnd.api+json",
    ]) {
      expect((await parseInput(op, request("", body, { "Content-Type": type }), {})).body, type).toEqual({ name: "a" });
    }
    for (const headers of [
      { "Content-Type": "text/plain" } as Record<string, string>,
      { "Content-Type": "application/x-www-form-urlencoded" },
      { "Content-Type": "application/jsonx" },
      { "Content-Type": "text/json" },
      {},
    ]) {
      // a string body without a type: fetch would say text/plain, so send bytes to send none
      const sent = new Request("http://local/api/v1/example", { method: "POST", body: new TextEncoder().encode(body), headers });
      const err = await failure(parseInput(op, sent, {}));
      expect(err.code, JSON.stringify(headers)).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(err.status).toBe(415);
    }
    // an empty body is no body, whatever its type (operations whose body is optional)
    const empty = await failure(parseInput(op, new Request("http://local/api/v1/example", { method: "POST" }), {}));
    expect(empty.code).toBe("VALIDATION_ERROR");
  });

  it("refuses text PostgreSQL cannot store (NUL, lone surrogates) by field, in the body and the query", async () => {
    const nul = await failure(parseInput(op, request("", JSON.stringify({ name: "a\u0000b" })), {}));
    expect(nul.code).toBe("VALIDATION_ERROR");
    expect(nul.status).toBe(422);
    expect(issuesOf(nul)).toEqual([{ path: "name", message: expect.stringContaining("NUL"), code: "invalid_characters", location: "body" }]);
    // JSON escapes as clients send them: \u0000 and a lone \ud800
    const escaped = await failure(parseInput(op, request("", '{"name":"ok","tags":["fine","x\\ud800y","\\u0000"]}'), {}));
    expect(issuesOf(escaped).map((i) => i.path)).toEqual(["tags[1]", "tags[2]"]);
    const key = await failure(parseInput(op, request("", '{"name":"a","bad\\u0000key":1}'), {}));
    expect(issuesOf(key)[0]).toMatchObject({ path: "bad\u0000key", code: "invalid_characters" });
    const query = await failure(parseInput(op, request("?limit=1%00", JSON.stringify({ name: "a" })), {}));
    expect(issuesOf(query)).toEqual([expect.objectContaining({ path: "limit", location: "query" })]);
    // a surrogate pair (an emoji) and other text are fine
    expect((await parseInput(op, request("", JSON.stringify({ name: "ok \ud83d\ude00 é" })), {})).body).toEqual({ name: "ok 😀 é" });
  });
});
