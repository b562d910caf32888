// The platform HTTP client's decisions: applied-or-not on transport failures, big ids.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../runtime/embedded-postgres.ts";
import { PlatformError } from "./errors.ts";
import { platformRequest, quoteBigIntegers } from "./http.ts";

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

describe("platformRequest", () => {
  it("reports a refused connection as unavailable (nothing was sent)", async () => {
    const err = await platformRequest({ provider: "x", url: `http://127.0.0.1:${await freePort()}/2/tweets`, method: "POST", body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.kind).toBe("unavailable");
  });

  it("reports a request whose answer never came as unknown_outcome (it may have been applied)", async () => {
    const server = await serve((req) => req.on("data", () => {}).on("end", () => req.socket.destroy()));
    const err = await platformRequest({ provider: "x", url: `${server.url}/2/tweets`, method: "POST", body: { text: "hi" } }).catch((e) => e);
    expect(err.kind).toBe("unknown_outcome");
    const slow = await serve(() => {});
    const timeout = await platformRequest({ provider: "x", url: `${slow.url}/x`, method: "POST", body: {}, timeoutMs: 200 }).catch((e) => e);
    expect(timeout.kind).toBe("unknown_outcome");
    // the deadline covers the body too: headers that arrive, then a body that stalls
    const stalled = await serve((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).write('{"id":'));
    const started = Date.now();
    const cut = await platformRequest({ provider: "x", url: `${stalled.url}/x`, timeoutMs: 300 }).catch((e) => e);
    expect(cut.kind).toBe("unknown_outcome");
    expect(Date.now() - started).toBeLessThan(5_000);
    await Promise.all([server.close(), slow.close(), stalled.close()]);
  });

  it("sends a read again once when its connection was reset before any answer; never a write", async () => {
    let hits = 0;
    const server = await serve((req, res) => {
      hits++;
      if (hits === 1 || req.url === "/always") return void req.socket.destroy();
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"me"}');
    });
    expect((await platformRequest({ provider: "threads", url: `${server.url}/me` })).body).toEqual({ id: "me" });
    expect(hits).toBe(2);
    hits = 1;
    const reset = await platformRequest({ provider: "threads", url: `${server.url}/always` }).catch((e) => e);
    expect([reset.kind, hits]).toEqual(["unknown_outcome", 3]);
    hits = 0;
    const write = await platformRequest({ provider: "x", url: `${server.url}/2/tweets`, method: "POST", body: { text: "hi" } }).catch((e) => e);
    expect([write.kind, hits]).toEqual(["unknown_outcome", 1]);
    await server.close();
  });

  it("maps error statuses by default and keeps int64 ids exact when asked", async () => {
    const server = await serve((req, res) => {
      if (req.url === "/limited") return void res.writeHead(429, { "Retry-After": "30", "Content-Type": "application/json" }).end("{}");
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ids":[7318062734092354862, 12],"text":"a,1234567890123456789"}');
    });
    const limited = await platformRequest({ provider: "tiktok", url: `${server.url}/limited` }).catch((e) => e);
    expect(limited.kind).toBe("rate_limited");
    expect(limited.retryAt.getTime()).toBeGreaterThan(Date.now() + 25_000);
    const res = await platformRequest<{ ids: unknown[]; text: string }>({ provider: "tiktok", url: `${server.url}/ok`, preserveBigIntegers: true });
    expect(res.body.ids).toEqual(["7318062734092354862", 12]);
    await server.close();
  });
});

it("quoteBigIntegers leaves short numbers and string contents alone", () => {
  expect(quoteBigIntegers('{"a":1,"b":[12345678901234567890],"c":"x:12345678901234567890 y"}')).toBe(
    '{"a":1,"b":["12345678901234567890"],"c":"x:12345678901234567890 y"}',
  );
});
