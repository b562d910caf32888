// Deadlines for clients that send slowly or stop (a slowloris, a dead mobile link), so that none
// holds a connection for long. Node's defaults held one for 79 s (headers) and 315 s (a body
// shorter than its Content-Length).
// - The headers must arrive within HTTP_HEADERS_TIMEOUT_SECONDS (Node checks every second), or
//   Node refuses the request and the clientError handler answers 408 in the envelope.
// - A body has no total deadline (a 2 GiB upload on a slow link may take an hour); it must keep
//   arriving: no gap of HTTP_BODY_TIMEOUT_SECONDS without a byte, and, past that grace, at least
//   MIN_BODY_BYTES_PER_SECOND on average (Apache's mod_reqtimeout rule, body=20,MinRate=500), so a
//   trickle of a byte every few seconds is cut too. Otherwise 408 REQUEST_TIMEOUT in the envelope,
//   and the connection is closed. Time during which the server itself holds unread bytes (a
//   handler waiting on the database or the disk) is not counted against the client.
import type http from "node:http";
import { env } from "../env.ts";
import { AppError } from "../errors.ts";
import { log } from "../log.ts";
import { sendWebResponse } from "./node-adapter.ts";
import { errorResponse } from "./responses.ts";

export const MIN_BODY_BYTES_PER_SECOND = 500;
const TICK_MS = 1_000;

/** Node's own deadlines: headers within the configured time, and no total-request timeout. */
export function serverTimeouts(): http.ServerOptions {
  return { headersTimeout: env().httpHeadersTimeoutSeconds * 1000, requestTimeout: 0, connectionsCheckingInterval: TICK_MS };
}

type Watched = {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** the socket's bytes read when the watch began and at the last tick; when bytes last arrived */
  firstBytes: number;
  lastBytes: number;
  lastArrivalAt: number;
  /** time the client had to send in, not counting time the server held unread bytes */
  clientMs: number;
  lastTick: number;
};

const watched = new Set<Watched>();
let ticker: NodeJS.Timeout | undefined;

/** Cuts the request's body off with 408 if it stops arriving or arrives too slowly (see above). */
export function watchBody(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.complete) return;
  const now = Date.now();
  const bytes = req.socket.bytesRead;
  const w: Watched = { req, res, firstBytes: bytes, lastBytes: bytes, lastArrivalAt: now, clientMs: 0, lastTick: now };
  watched.add(w);
  ticker ??= setInterval(tick, TICK_MS).unref();
}

function tick() {
  const now = Date.now();
  const gapSeconds = env().httpBodyTimeoutSeconds;
  const gapMs = gapSeconds * 1000;
  for (const w of watched) {
    const { req } = w;
    if (req.complete || req.socket.destroyed) {
      watched.delete(w);
      continue;
    }
    const elapsed = now - w.lastTick;
    w.lastTick = now;
    const bytes = req.socket.bytesRead;
    // the server is behind (a handler not reading yet, a slow disk): not the client's fault
    if (req.readableLength > 0 || req.socket.isPaused()) {
      w.lastArrivalAt = now;
      w.lastBytes = bytes;
      continue;
    }
    w.clientMs += elapsed;
    if (bytes > w.lastBytes) {
      w.lastBytes = bytes;
      w.lastArrivalAt = now;
    }
    const received = bytes - w.firstBytes;
    if (now - w.lastArrivalAt >= gapMs) cut(w, `The request body stopped arriving: nothing for ${gapSeconds} s`);
    else if (w.clientMs >= gapMs + (received / MIN_BODY_BYTES_PER_SECOND) * 1000) {
      cut(
        w,
        `The request body is arriving too slowly: ${received} bytes in ${Math.round(w.clientMs / 1000)} s (at least ${MIN_BODY_BYTES_PER_SECOND} bytes/s)`,
      );
    }
  }
  if (watched.size === 0) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

function cut(w: Watched, message: string) {
  watched.delete(w);
  const { req, res } = w;
  log.debug("request body cut off", { method: req.method, path: req.url?.split("?", 1)[0], message });
  const error = new AppError("REQUEST_TIMEOUT", message);
  // The handler reading the body gets the same error (and answers nothing more); the socket goes with it.
  const end = () => req.destroy(error);
  if (res.headersSent) return end();
  res.once("finish", end);
  void sendWebResponse(res, errorResponse(error), { linger: false }).catch(end);
}
