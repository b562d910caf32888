// Requests the web server used to leave unanswered or answer 500: malformed percent-escapes in
// any door's path, methods no route takes (TRACE, CONNECT, WebDAV's), and a keep-alive
// connection after a 413 whose body was not read.
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

/** Raw bytes on a socket: the answer as text, which the server must send and then close. */
function rawSocket(bytes: Buffer | string): Promise<string> {
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

/** A raw answer's status, headers (lower-case names) and body. */
function parseAnswer(answer: string) {
  const [head, ...body] = answer.split("\r\n\r\n");
  const [statusLine, ...lines] = head!.split("\r\n");
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
  return { status: Number(statusLine!.split(" ")[1]), headers, body: body.join("\r\n\r\n") };
}

describe("malformed percent-escapes in the path", () => {
  const paths = [
    ["GET", "/api/v1/publish-jobs/%ZZ"],
    ["GET", "/api/v1/publish-jobs/%"],
    ["GET", "/api/v1/publish-jobs/%E0%A4%A"],
    ["DELETE", "/api/v1/scheduled-posts/%C0"],
    ["GET", "/storage/object/%ZZ"],
    ["PUT", "/storage/upload/%ZZ"],
    ["GET", "/api/trpc/%ZZ"],
    ["POST", "/api/trpc/%E0%A4%A"],
    ["GET", "/api/auth/session%ZZ"],
    ["GET", "/api/connect/x/callback%ZZ"],
    ["GET", "/api/%ZZ"],
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

  for (const path of ["/calendar/%ZZ", "/%E0%A4%A", "/_next/static/%ZZ", "/_next/static/chunks/%C0.js"]) {
    it(`GET ${path} answers the dashboard's 404 page`, async () => {
      const page = await fetch(`${baseUrl()}/no-such-page`);
      const title = /<title>[^<]*<\/title>/.exec(await page.text())?.[0];
      const answer = parseAnswer(await rawSocket(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(title).toBeTruthy();
      expect(answer.body).toContain(title);
    });
  }

  it("leaves the web process answering", async () => {
    await raw("GET", "/api/v1/publish-jobs/%ZZ");
    expect((await raw("GET", "/api/health/live")).status).toBe(200);
  });
});

describe("every method on every door", () => {
  // a path of each door, and the methods it takes
  const doors = [
    ["/api/v1/accounts", "GET, HEAD"],
    ["/api/v1/posts", "POST, GET, HEAD"],
    ["/api/v1/scheduled-posts/00000000-0000-4000-8000-000000000000", "DELETE, PATCH"],
    ["/api/v1/drafts/00000000-0000-4000-8000-000000000000", "GET, HEAD, PUT, DELETE"],
    ["/api/health", "GET, HEAD"],
    ["/api/health/live", "GET, HEAD"],
    ["/api/mcp", "POST"],
    ["/storage/object/x", "GET, HEAD"],
    ["/storage/upload/x", "PUT"],
    ["/api/trpc/workspace.current", "GET, HEAD, POST"],
    ["/api/auth/session", "GET, HEAD, POST"],
    ["/api/connect/x/callback", "GET, HEAD"],
    ["/calendar", "GET, HEAD"],
    ["/_next/static/chunks/x.js", "GET, HEAD"],
  ] as const;
  // TRACE and CONNECT: undici's Request refuses them, and Node hands CONNECT to "connect" listeners only
  const methods = ["TRACE", "CONNECT", "PROPFIND", "QUERY", "PURGE", "OPTIONS", "PUT", "DELETE"];
  for (const [path, allow] of doors) {
    it(`answers the methods ${path} does not take with 405 and Allow: ${allow}`, async () => {
      for (const method of methods.filter((m) => !allow.split(", ").includes(m))) {
        const answer = parseAnswer(await rawSocket(`${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        expect({ method, status: answer.status, allow: answer.headers.allow }).toEqual({ method, status: 405, allow });
        expect(JSON.parse(answer.body)).toEqual({ error: { code: "METHOD_NOT_ALLOWED", message: `${method} is not supported here; use ${allow}` } });
      }
    });
  }

  it("answers a CONNECT for a tunnel (host:port) with 400 in the envelope, and closes the connection", async () => {
    const answer = parseAnswer(await rawSocket("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"));
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({ error: { code: "MALFORMED_REQUEST", message: expect.stringContaining("not a proxy") } });
  });

  it("answers an unknown path under /api with 404 in the envelope, whatever the method", async () => {
    for (const method of ["GET", "TRACE", "CONNECT"]) {
      const answer = parseAnswer(await rawSocket(`${method} /api/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body).error.code).toBe("NOT_FOUND");
    }
  });

  it("answers HEAD as GET without a body, on every door's GET paths", async () => {
    const { key } = await createWorkspaceWithKey();
    const authorization = { Authorization: `Bearer ${key}` };
    for (const [path, headers] of [
      ["/api/v1/accounts", authorization],
      ["/api/v1/workspaces", authorization],
      ["/api/v1/openapi.json", {}],
      ["/api/health", {}],
      ["/api/health/live", {}],
      ["/api/auth/session", {}],
      ["/sign-in", {}],
    ] as const) {
      const get = await fetch(baseUrl() + path, { headers });
      const getBody = await get.arrayBuffer();
      const head = await raw("HEAD", path, { headers });
      expect({ path, status: head.status }).toEqual({ path, status: get.status });
      expect(head.json).toBeNull();
      expect(head.headers["content-type"]).toBe(get.headers.get("content-type"));
      if (head.headers["content-length"] !== undefined) expect(Number(head.headers["content-length"])).toBe(getBody.byteLength);
    }
  });

  it("leaves the web process answering after every refused method", async () => {
    await rawSocket("TRACE /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    await rawSocket("CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: x\r\n\r\n");
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
