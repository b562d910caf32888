// Requests the web server used to leave unanswered or answer 500: malformed percent-escapes in
// any door's path, and a keep-alive connection after a 413 whose body was not read.
import http from "node:http";
import net from "node:net";
import { describe, expect, inject, it } from "vitest";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";

const baseUrl = () => inject("baseUrl");

/** One raw request (the path exactly as given: fetch would re-encode it), answered within 10 s. */
function raw(method: string, path: string, opts: { agent?: http.Agent; headers?: Record<string, string>; body?: Buffer } = {}) {
  const url = new URL(baseUrl());
  return new Promise<{ status: number; json: any; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, agent: opts.agent, headers: opts.headers, timeout: 10_000 }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : null, headers: res.headers }));
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${path} was not answered within 10 s`)));
    req.on("error", reject);
    req.end(opts.body);
  });
}

describe("malformed percent-escapes in the path", () => {
  const paths = [
    ["GET", "/api/v1/publish-jobs/%ZZ"],
    ["GET", "/api/v1/publish-jobs/%"],
    ["GET", "/api/v1/publish-jobs/%E0%A4%A"],
    ["DELETE", "/api/v1/scheduled-posts/%C0"],
    ["GET", "/storage/object/%ZZ"],
    ["PUT", "/storage/upload/%ZZ"],
  ] as const;
  for (const [method, path] of paths) {
    it(`${method} ${path} answers 404 in the envelope, with or without a key`, async () => {
      const { key } = await createWorkspaceWithKey();
      for (const headers of [{}, { Authorization: `Bearer ${key}` }] as Record<string, string>[]) {
        const res = await raw(method, path, { headers });
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error: { code: "NOT_FOUND", message: expect.stringContaining("percent-escape") } });
      }
    });
  }

  it("leaves the web process answering", async () => {
    await raw("GET", "/api/v1/publish-jobs/%ZZ");
    expect((await raw("GET", "/api/health/live")).status).toBe(200);
  });
});

describe("a 413 on a keep-alive connection", () => {
  it("closes the connection, so the client's next request is answered at once", async () => {
    const { key } = await createWorkspaceWithKey();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 3; round++) {
        const big = await raw("POST", "/api/v1/posts", {
          agent,
          headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Content-Length": String(2 * 1024 * 1024) },
          body: Buffer.alloc(2 * 1024 * 1024, 0x20),
        });
        expect(big.status).toBe(413);
        expect(big.json.error.code).toBe("PAYLOAD_TOO_LARGE");
        expect(big.headers.connection).toBe("close");
        const next = await raw("GET", "/api/v1/workspaces", { agent, headers: { Authorization: `Bearer ${key}` } });
        expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});

describe("what Node's HTTP parser refuses", () => {
  /** Raw bytes on a socket: the answer as text, which the server must send and then close. */
  function rawSocket(bytes: Buffer): Promise<string> {
    const url = new URL(baseUrl());
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(bytes));
      let text = "";
      socket.on("data", (c) => (text += c));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.setTimeout(10_000, () => socket.destroy(new Error("not answered within 10 s")));
    });
  }

  for (const [what, head, status, code] of [
    ["an unknown method", Buffer.from("FOO /api/v1/media/uploads HTTP/1.1\r\nHost: x\r\n\r\n"), 400, "MALFORMED_REQUEST"],
    [
      "raw non-ASCII bytes in the path",
      Buffer.concat([Buffer.from("GET /api/v1/publish-jobs/"), Buffer.from("日本", "utf8"), Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n")]),
      400,
      "MALFORMED_REQUEST",
    ],
    ["headers over Node's limit", Buffer.from(`GET /api/v1/workspaces HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`), 431, "HEADERS_TOO_LARGE"],
  ] as const) {
    it(`answers ${what} with ${status} in the envelope and closes the connection`, async () => {
      const answer = await rawSocket(head);
      expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(answer.toLowerCase()).toContain("connection: close");
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ error: { code, message: expect.any(String) } });
    });
  }
});

describe("the OAuth callback with text PostgreSQL cannot store", () => {
  it("returns to the dashboard with VALIDATION_ERROR instead of an internal error", async () => {
    const res = await fetch(`${baseUrl()}/api/connect/x/callback?state=%00&code=abc`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.pathname).toBe("/accounts");
    expect(location.searchParams.get("error")).toBe("VALIDATION_ERROR");
  });
});
