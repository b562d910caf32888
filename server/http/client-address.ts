// The network address a request came from, for the limits kept per address (failed API keys,
// failed sign-ins). The socket's peer; with TRUST_PROXY, the address the one reverse proxy in
// front appended to X-Forwarded-For (a client can write anything before it, never after it).
import type { IncomingMessage } from "node:http";
import { env } from "../env.ts";

const addresses = new WeakMap<Request, string>();

function lastForwardedFor(value: string | string[] | null | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  const last = joined?.split(",").pop()?.trim();
  return last || undefined;
}

/** The client address of a Node request: its socket's peer, or the proxy's X-Forwarded-For entry with TRUST_PROXY. */
export function nodeClientAddress(req: IncomingMessage): string {
  const socket = req.socket.remoteAddress ?? "unknown";
  return env().trustProxy ? (lastForwardedFor(req.headers["x-forwarded-for"]) ?? socket) : socket;
}

/** Called by the Node adapter for every request it makes: the address of the Node request behind it. */
export function rememberClientAddress(request: Request, req: IncomingMessage): Request {
  addresses.set(request, nodeClientAddress(req));
  return request;
}

/** The client address of a request the Node adapter made (undefined for any other Request). */
export function clientAddress(request: Request): string | undefined {
  return addresses.get(request);
}

/**
 * The client address of a request Next.js answers (the dashboard's sign-in): Next passes only
 * headers, so the web server sets X-Forwarded-For to nodeClientAddress(req) before handing the
 * request over.
 */
export function forwardedClientAddress(xForwardedFor: string | string[] | null | undefined): string {
  return lastForwardedFor(xForwardedFor) ?? "unknown";
}
