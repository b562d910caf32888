// Clients that send slowly or stop, against a web process of the test installation whose
// deadlines are 2 s (HTTP_HEADERS_TIMEOUT_SECONDS, HTTP_BODY_TIMEOUT_SECONDS; 20 s by default):
// each is answered 408 in the envelope and its connection closed, on every door that reads a
// body, while an upload that keeps arriving may take as long as it needs.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";
import { makeMp4 } from "../testing/media-fixtures.ts";
import { reserve } from "../testing/upload-fixtures.ts";
import { startWebProcess, type WebProcess } from "../testing/web-process.ts";

const DEADLINE_S = 2;
let web: WebProcess;
beforeAll(async () => {
  web = await startWebProcess({ HTTP_HEADERS_TIMEOUT_SECONDS: String(DEADLINE_S), HTTP_BODY_TIMEOUT_SECONDS: String(DEADLINE_S) });
});
afterAll(() => web?.stop());

type Step = [delayMs: number, bytes: string | Buffer];

/** Writes each step after its delay on one connection; what the server answered, and when it closed the connection. */
function converse(steps: Step[]): Promise<{ status: number; body: string; closedAfterMs: number }> {
  const url = new URL(web.url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(url.port), url.hostname);
    let text = "";
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", () => {}); // a write after the server closed: the answer is what counts
    socket.on("close", () => {
      clearTimeout(guard);
      const body = text.slice(text.indexOf("\r\n\r\n") + 4);
      resolve({ status: Number(text.split(" ")[1]), body, closedAfterMs: Date.now() - started });
    });
    const guard = setTimeout(() => reject(new Error(`the connection was still open after 15 s; answer so far: ${JSON.stringify(text)}`)), 15_000);
    void (async () => {
      for (const [delayMs, bytes] of steps) {
        await new Promise((r) => setTimeout(r, delayMs));
        if (socket.destroyed) return;
        socket.write(bytes);
      }
    })();
  });
}

function expectTimeout(answer: { status: number; body: string; closedAfterMs: number }, message: RegExp) {
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toEqual({ error: { code: "REQUEST_TIMEOUT", message: expect.stringMatching(message) } });
  // the deadline, give or take Node's one-second check, never Node's defaults (66 s, 300 s)
  expect(answer.closedAfterMs).toBeGreaterThanOrEqual(DEADLINE_S * 1000 - 100);
  expect(answer.closedAfterMs).toBeLessThan(DEADLINE_S * 1000 + 4_000);
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: x\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;

describe("headers", () => {
  it("answers headers that stop halfway with 408 and closes the connection", async () => {
    expectTimeout(await converse([[0, "GET /api/v1/accounts HTTP/1.1\r\nHost: x\r\n"]]), /headers did not arrive within 2 s/);
  });

  it("keeps an idle keep-alive connection open past the headers deadline", async () => {
    const request = head("GET", "/api/health/live", {});
    const answer = await converse([
      [0, request],
      [DEADLINE_S * 1000 + 1_500, head("GET", "/api/health/live", { Connection: "close" })],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.match(/HTTP\/1.1 200 OK/g)).toHaveLength(1); // the second answer, on the same connection
  });
});

describe("a body that stops arriving", () => {
  const json = (key: string, length: number) => ({ Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Content-Length": length });

  it("is cut off on REST", async () => {
    const { key } = await createWorkspaceWithKey();
    expectTimeout(await converse([[0, head("POST", "/api/v1/posts", json(key, 100)) + '{"accountIds":']]), /stopped arriving/);
  });

  it("is cut off on MCP", async () => {
    const { key } = await createWorkspaceWithKey();
    const headers = { ...json(key, 100), Accept: "application/json, text/event-stream" };
    expectTimeout(await converse([[0, head("POST", "/api/mcp", headers) + '{"jsonrpc":"2.0",']]), /stopped arriving/);
  });

  it("is cut off on the dashboard's tRPC", async () => {
    expectTimeout(
      await converse([[0, head("POST", "/api/trpc/auth.signUp", { "Content-Type": "application/json", "Content-Length": 100 }) + "{"]]),
      /stopped arriving/,
    );
  });

  it("is cut off on a storage upload URL, and stores nothing", async () => {
    const { key } = await createWorkspaceWithKey();
    const bytes = makeMp4();
    const r = (await reserve(key, { fileName: "v.mp4", contentType: "video/mp4", fileSize: bytes.length })).json;
    const target = new URL(r.uploadUrl);
    const answer = await converse([
      [0, head("PUT", target.pathname + target.search, r.requiredHeaders)],
      [0, bytes.subarray(0, 1000)],
    ]);
    expectTimeout(answer, /stopped arriving/);
    const confirmed = await api(key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } });
    expect(confirmed.json.error.code).toBe("UPLOAD_INCOMPLETE");
  });

  it("is cut off when it trickles in below 500 bytes a second without ever pausing for the deadline", async () => {
    const { key } = await createWorkspaceWithKey();
    const trickle: Step[] = Array.from({ length: 40 }, () => [250, " "]);
    expectTimeout(await converse([[0, head("POST", "/api/v1/posts", json(key, 1000))], ...trickle]), /arriving too slowly/);
  });
});

describe("a slow upload that keeps arriving", () => {
  it("completes, though it takes several times the deadline", async () => {
    const { key } = await createWorkspaceWithKey();
    const bytes = makeMp4({ payloadBytes: 60_000 });
    const r = (await reserve(key, { fileName: "v.mp4", contentType: "video/mp4", fileSize: bytes.length })).json;
    const target = new URL(r.uploadUrl);
    // 16 pieces, one every 400 ms: about 6.4 s in all, never a pause of the deadline's length
    const piece = Math.ceil(bytes.length / 16);
    const pieces: Step[] = Array.from({ length: 16 }, (_, i) => [400, bytes.subarray(i * piece, (i + 1) * piece)]);
    const started = Date.now();
    const answer = await converse([[0, head("PUT", target.pathname + target.search, { ...r.requiredHeaders, Connection: "close" })], ...pieces]);
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(3 * DEADLINE_S * 1000);
    const confirmed = await api(key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } });
    expect(confirmed.status).toBe(200);
  });
});
