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

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // Answered before the body was read to its end (a 413, a refused key): the rest of the body is
  // still on the connection, and its next request would wait behind it. Close the connection.
  if (!res.req.complete) headers.connection = "close";
  if (!response.body) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  // JSON answers are small and made by us: send them in one write. Anything else streams.
  const text = serializedBody(response);
  if (text !== undefined) {
    const body = Buffer.from(text);
    headers["content-length"] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(body);
    return;
  }
  res.writeHead(response.status, headers);
  await pipeline(Readable.fromWeb(response.body as never), res);
}
