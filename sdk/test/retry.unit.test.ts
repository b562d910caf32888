// The retry policy of one request, on answers made here: which answers and errors are retried,
// how often, and that every attempt carries the same body.
import { describe, expect, it } from "vitest";
import { replayable, retryAfterMs, retryingFetch } from "../src/retry.ts";

const fast = { baseDelayMs: 1, maxDelayMs: 5 };

function recorder(answers: (() => Response)[]) {
  const bodies: string[] = [];
  const fetch = (async (request: Request) => {
    bodies.push(await request.text());
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return next();
  }) as typeof globalThis.fetch;
  return { fetch, bodies };
}

const fail = () => {
  throw new TypeError("fetch failed");
};

describe("retryingFetch", () => {
  it("retries 429 and 503 with the same body, then answers", async () => {
    const { fetch, bodies } = recorder([
      () => new Response("", { status: 429, headers: { "Retry-After": "0" } }),
      () => new Response("", { status: 503 }),
      () => new Response("ok"),
    ]);
    const res = await retryingFetch(fetch, fast)(new Request("http://h/x", { method: "POST", body: '{"a":1}' }));
    expect(await res.text()).toBe("ok");
    expect(bodies).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
  });

  it("stops after the limit and answers the last refusal", async () => {
    const { fetch, bodies } = recorder(Array.from({ length: 5 }, () => () => new Response("", { status: 429 })));
    const res = await retryingFetch(fetch, { ...fast, retries: 2 })(new Request("http://h/x"));
    expect(res.status).toBe(429);
    expect(bodies).toHaveLength(3);
  });

  it("repeats a network error only for a request safe to repeat", async () => {
    const post = recorder([fail, () => new Response("ok")]);
    await expect(retryingFetch(post.fetch, fast)(new Request("http://h/x", { method: "POST", body: "{}" }))).rejects.toThrow("fetch failed");
    expect(post.bodies).toHaveLength(1);

    const marked = recorder([fail, () => new Response("ok")]);
    const request = new Request("http://h/x", { method: "POST", body: '{"requestId":"r"}' });
    replayable.add(request);
    expect(await (await retryingFetch(marked.fetch, fast)(request)).text()).toBe("ok");
    expect(marked.bodies).toEqual(['{"requestId":"r"}', '{"requestId":"r"}']);

    const get = recorder([fail, () => new Response("ok")]);
    expect((await retryingFetch(get.fetch, fast)(new Request("http://h/x"))).status).toBe(200);
  });

  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(50_000);
  });
});
