// Node's http request/response ⇄ the Fetch API objects the handlers speak.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { rememberClientAddress } from "./client-address.ts";
import { serializedBody } from "./responses.ts";

/** Only for the methods of our routes: undici's Request refuses TRACE, CONNECT and TRACK (the web server refuses those first). */
export function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const url = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const request = new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
  return rememberClientAddress(request, req);
}

/** How long and how much of an unread body is read and dropped after an early answer (nginx's lingering close). */
const LINGER = { idleMs: 2_000, totalMs: 10_000, bytes: 64 * 1024 * 1024 };

/**
 * Reads and drops the rest of a body that the answer did not need, so that the client, still
 * sending, reads the answer instead of a reset (EPIPE). Ends when the body ends, or after a pause,
 * a total time or a size, whichever comes first: a 2 GiB upload refused early is not read to its end.
 */
function lingerOnBody(req: IncomingMessage): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    let idle: NodeJS.Timeout;
    const done = () => {
      clearTimeout(idle);
      clearTimeout(total);
      req.off("data", onData).off("end", done).off("close", done).off("error", done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      clearTimeout(idle);
      idle = setTimeout(done, LINGER.idleMs);
      if (bytes > LINGER.bytes) done();
    };
    idle = setTimeout(done, LINGER.idleMs);
    const total = setTimeout(done, LINGER.totalMs);
    // The handler's reader (a web stream that paused the request) no longer wants the body.
    req.removeAllListeners("data");
    req.on("data", onData).on("end", done).on("close", done).on("error", done);
    req.resume();
  });
}

export async function sendWebResponse(res: ServerResponse, response: Response, opts: { linger?: boolean } = {}): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // Answered before the body was read to its end (a 413, a refused key): the rest of the body is
  // still on the connection, and its next request would wait behind it. Close the connection.
  // The answer goes out at once, whole; the connection ends after the rest of the body is dropped.
  const unread = !res.req.complete;
  if (unread) headers.connection = "close";
  const finish = async (last?: Buffer) => {
    if (unread && opts.linger !== false) {
      if (last) res.write(last);
      await lingerOnBody(res.req);
      res.end();
    } else res.end(last);
  };
  if (!response.body) {
    res.writeHead(response.status, headers);
    return finish();
  }
  // JSON answers are small and made by us: send them in one write. Anything else streams.
  const text = serializedBody(response);
  if (text !== undefined) {
    const body = Buffer.from(text);
    headers["content-length"] = String(body.length);
    res.writeHead(response.status, headers);
    return finish(body);
  }
  res.writeHead(response.status, headers);
  await pipeline(Readable.fromWeb(response.body as never), res);
}
