// Sends one fuzz case over real HTTP, byte for byte: node:http (not fetch) so that paths like
// /a/../b and %ZZ, unknown methods and raw UTF-8 in the target reach the server unnormalized.
// Every request has its own connection, so a request that leaves a connection in a bad state
// cannot make the next case look unanswered.
import http from "node:http";
import type { Readable } from "node:stream";
import type { FuzzCase } from "./fuzz-cases.ts";

export type Outcome =
  | { answered: true; status: number; contentType: string; text: string; ms: number }
  | { answered: false; reason: string; ms: number }
  | { answered: "refused-by-client"; reason: string; ms: number };

const agent = new http.Agent({ keepAlive: false });
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const OTHER_LOOPBACK = "127.0.0.9";

export function sendCase(baseUrl: string, c: FuzzCase, timeoutMs: number): Promise<Outcome> {
  const url = new URL(baseUrl);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let req: http.ClientRequest;
    try {
      const headers: Record<string, string> = { ...c.headers };
      if (c.body !== undefined) headers["Content-Length"] = String(c.body.length);
      // Another loopback address for bad keys, so the throttle they earn (per address) spares the good ones.
      const localAddress = c.fromOtherAddress && url.hostname === "127.0.0.1" ? OTHER_LOOPBACK : undefined;
      req = http.request({ host: url.hostname, port: url.port, method: c.method, path: c.path, headers, agent, localAddress });
    } catch (err) {
      // node:http refuses to write some requests at all (control characters in the target)
      return resolve({ answered: "refused-by-client", reason: (err as Error).message, ms: ms() });
    }
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const collect = (res: http.IncomingMessage, body: Readable) => {
      const chunks: Buffer[] = [];
      let size = 0;
      body.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      body.on("end", () => {
        clearTimeout(timer);
        resolve({
          answered: true,
          status: res.statusCode ?? 0,
          contentType: String(res.headers["content-type"] ?? ""),
          text: Buffer.concat(chunks).toString("utf8"),
          ms: ms(),
        });
      });
      body.on("error", (err) => {
        clearTimeout(timer);
        resolve({ answered: false, reason: `answer cut off: ${err.message}`, ms: ms() });
      });
    };
    req.on("response", (res) => collect(res, res));
    // node:http hands the answer to a CONNECT to "connect" listeners, whatever its status, with the
    // socket that carries its body (the server closes it after the answer)
    req.on("connect", (res, socket, head) => {
      socket.unshift(head);
      collect(res, socket);
    });
    req.on("error", (err) => {
      clearTimeout(timer);
      resolve({ answered: false, reason: err.message, ms: ms() });
    });
    // A server may answer (413, 401) and close before reading a large body: that is an answer.
    req.on("socket", (socket) => socket.on("error", () => {}));
    req.end(c.body);
  });
}
