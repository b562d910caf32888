// The web process: one Node HTTP server. The machine-facing doors (/api/v1, /api/mcp, storage URLs, health) are
// answered directly by server/http and server/mcp; everything else (dashboard pages, tRPC, next-auth) is
// handed to Next.js in the same process. Next's route-handler path costs ~2 ms of CPU per
// request on a 2-core machine, which the API's latency targets cannot afford (docs/performance.md).
// `npm start` runs it as the launcher's child; `npm run web` runs it alone (one more web process
// of an installation, e.g. behind a load balancer: docs/deployment.md).
import http, { STATUS_CODES } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { env, exitOnInvalidConfiguration } from "../env.ts";
import { checkHealth } from "../domain/health.ts";
import { log } from "../log.ts";
import { sendWebResponse, toWebRequest } from "../http/node-adapter.ts";
import type { RouteHandler } from "../http/handle.ts";
import { AppError, DATABASE_RETRY_AFTER_SECONDS, errorTable, type ErrorCode } from "../errors.ts";
import { isDecodablePath } from "../http/decode-path.ts";
import { nextMethods } from "../http/next-methods.ts";
import { errorResponse, json, methodNotAllowed } from "../http/responses.ts";
import { nodeClientAddress } from "../http/client-address.ts";
import { holdStatus, linkPageStatus } from "../http/link-pages.ts";
import { matchRoute } from "../http/router.ts";
import { serverTimeouts, watchBody } from "../http/slow-clients.ts";
import { serveStorage } from "../http/storage-routes.ts";
import { MCP_PATH } from "../mcp/endpoint.ts";
import { serveMcp } from "../mcp/http-door.ts";
import { ensureBuild } from "./build.ts";
import { useInstallationDatabase } from "./database.ts";

const dev = process.argv.includes("--dev");
exitOnInvalidConfiguration();
// Alone, it finds the installation's database as `npm run worker` does (DATABASE_URL, or the
// embedded server of DATA_DIR) and builds the app if needed, as `npm start` does; under the
// launcher both are done already and these are quick checks.
const database = await useInstallationDatabase({ migrate: !env().databaseUrl });
const e = env();
if (!dev) await ensureBuild(e.projectRoot, (line) => log.info(line));
process.env.NEXTAUTH_URL ??= e.publicUrl;
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
// Next (and the React build it loads) reads NODE_ENV when imported, so it is imported after this;
// a production server with another NODE_ENV inherited from a shell would load React's dev build.
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
const { default: next } = await import("next");
const app = next({ dev, dir: e.projectRoot, hostname: e.host, port: e.port });
await app.prepare();
const nextHandler = app.getRequestHandler();

// Health: /live is the process alone (constant JSON: the benchmark's bare route of the same
// path as the API), /api/health also checks the database.
const healthRoutes: Record<string, RouteHandler> = {
  "/api/health/live": async () => json({ ok: true }),
  "/api/health": async () => {
    const health = await checkHealth();
    return json(health, health.ok ? 200 : 503, health.ok ? undefined : { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
  },
};

async function serve(req: http.IncomingMessage, res: http.ServerResponse, handler: RouteHandler, params: Record<string, string>) {
  let response: Response;
  try {
    response = await handler(toWebRequest(req), params);
  } catch (err) {
    response = errorResponse(err);
  }
  await sendWebResponse(res, response);
}

const refuse = (res: http.ServerResponse, err: AppError) => sendWebResponse(res, errorResponse(err));

// Every method Node's parser accepts, and every path, is answered here or by a door in the
// envelope (Next.js only sees the methods its routes take, and decodable paths): 405 with Allow
// for a method the path does not take, 404 for a malformed percent-escape, 400 for a target that
// is not a path (CONNECT host:port, a proxy's absolute URL).
function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<unknown> {
  const target = req.url ?? "/";
  const method = req.method ?? "GET";
  if (!target.startsWith("/")) return refuse(res, new AppError("MALFORMED_REQUEST", "The request target must be a path on this server; it is not a proxy"));
  const pathname = target.split("?", 1)[0]!;
  const apiPath = pathname.startsWith("/api/") || pathname.startsWith("/storage/");
  if (!isDecodablePath(pathname)) {
    if (apiPath) return refuse(res, new AppError("NOT_FOUND", "No such resource (the path has a malformed percent-escape)"));
    return notFoundPage(req, res);
  }
  if (pathname === "/api/v1" || pathname.startsWith("/api/v1/")) {
    const match = matchRoute(method, pathname);
    return "response" in match ? sendWebResponse(res, match.response()) : serve(req, res, match.handler, match.params);
  }
  if (pathname.startsWith("/storage/")) return serveStorage(req, res, pathname);
  // the tool interface (MCP over Streamable HTTP), beside the REST door it mirrors
  if (pathname === MCP_PATH) return serveMcp(req, res);
  const health = healthRoutes[pathname];
  if (health) return method === "GET" || method === "HEAD" ? serve(req, res, health, {}) : sendWebResponse(res, methodNotAllowed(method, ["GET"]));
  const allowed = nextMethods(pathname, dev);
  if (!allowed) return refuse(res, new AppError("NOT_FOUND", `No endpoint ${method} ${pathname}`));
  if (method !== "HEAD" && !allowed.includes(method)) return sendWebResponse(res, methodNotAllowed(method, allowed));
  if (method === "HEAD") req.method = "GET"; // Node still leaves the body out of the answer
  // Next.js sees only headers: it gets the one client address we trust (the sign-in throttle's key),
  // never one the client wrote itself.
  req.headers["x-forwarded-for"] = nodeClientAddress(req);
  // a client connect or review link that no longer works: its page says why, with 404 or 410 (not for a client-side navigation's RSC fetch)
  if (method === "GET" && (pathname.startsWith("/connect/") || pathname.startsWith("/review/")) && !req.headers.rsc) return linkPage(req, res, pathname);
  return Promise.resolve(nextHandler(req, res));
}

async function linkPage(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
  const status = await linkPageStatus(pathname);
  if (status) holdStatus(res, status);
  return nextHandler(req, res);
}

/** The dashboard's 404 page, for a path Next.js would fail to decode: Next's own not-found route. */
function notFoundPage(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  req.method = "GET";
  return nextHandler(req, res, { pathname: "/_not-found", query: {} } as Parameters<typeof nextHandler>[2]);
}

function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.method !== "CONNECT") watchBody(req, res);
  // Every request is answered: whatever a route throws, at once or later, becomes the envelope.
  const done = (err: unknown) => {
    if (!res.headersSent) void sendWebResponse(res, errorResponse(err)).catch(() => res.destroy());
    else res.destroy();
  };
  try {
    void route(req, res).catch(done);
  } catch (err) {
    done(err);
  }
}

const server = http.createServer(serverTimeouts(), answer);
// CONNECT asks for a tunnel, and Node hands it to "connect" listeners only (without one it closed
// the socket unanswered). It is answered like any other request, on a response made for its socket.
server.on("connect", (req: http.IncomingMessage, socket: Socket) => {
  const res = new http.ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket);
  res.on("finish", () => socket.destroySoon());
  answer(req, res);
});
// What Node's HTTP parser refuses before any route sees it (an unknown method, raw non-ASCII
// bytes in the path, oversized headers, headers that do not arrive in time) is answered in the
// envelope too, then the connection is closed: the parser cannot read on past it.
const parserErrors: Record<string, ErrorCode> = { HPE_HEADER_OVERFLOW: "HEADERS_TOO_LARGE", ERR_HTTP_REQUEST_TIMEOUT: "REQUEST_TIMEOUT" };
server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
  if (err.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  const code = parserErrors[err.code ?? ""] ?? "MALFORMED_REQUEST";
  const { status, title } = errorTable[code];
  const message =
    code === "REQUEST_TIMEOUT" ? `The request's headers did not arrive within ${e.httpHeadersTimeoutSeconds} s` : `${title} (${err.code ?? err.message})`;
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
});
// Idle keep-alive connections outlive clients' and proxies' usual 60 s, so a client never
// reuses a connection the server is closing at that very moment. (The headers deadline counts
// from a connection's opening or a request's first byte, never the idle time between requests.)
server.keepAliveTimeout = 65_000;
if (dev) server.on("upgrade", (req, socket, head) => app.getUpgradeHandler()(req, socket, head));

// The address this process listens on (another web process of the installation has its own),
// and the public one users reach when it differs (a proxy or load balancer in front).
server.listen(e.port, e.host, () => {
  const { address, family, port } = server.address() as AddressInfo;
  const url = `http://${family === "IPv6" ? `[${address}]` : address}:${port}`;
  log.info("web server listening", { url, ...(e.publicUrl === url ? {} : { publicUrl: e.publicUrl }), dev });
});

const shutdown = () => {
  const exit = () => void database.stop().finally(() => process.exit(0));
  server.close(exit);
  server.closeIdleConnections();
  setTimeout(exit, 5_000).unref();
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
