// One delivery attempt: a signed POST to the endpoint (Standard Webhooks: webhook-id,
// webhook-timestamp, webhook-signature), reaching only public addresses (the URL fetcher's
// checks, at the connection itself), within 10 s, redirects not followed. What the endpoint
// answered is kept to 1 KiB.
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import { checkUrlShape, guardedLookup, UrlRefusedError } from "../carousel/source/safe-fetch.ts";

export const DELIVERY_TIMEOUT_MS = 10_000;
export const KEPT_RESPONSE_BYTES = 1024;

export type WebhookMessage = { id: string; timestamp: Date; body: string };
export type AttemptResult = { ok: boolean; statusCode: number | null; error: string | null; responseBody: string | null; durationMs: number };

/** The Standard Webhooks headers of a message signed with `secret` (whsec_…). */
export function signedHeaders(secret: string, message: WebhookMessage): Record<string, string> {
  return {
    "webhook-id": message.id,
    "webhook-timestamp": String(Math.floor(message.timestamp.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(message.id, message.timestamp, message.body),
  };
}

export async function sendWebhook(url: string, secret: string, message: WebhookMessage): Promise<AttemptResult> {
  const started = performance.now();
  const done = (r: Omit<AttemptResult, "durationMs">): AttemptResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  let target: URL;
  try {
    target = checkUrlShape(url);
  } catch (err) {
    return done({ ok: false, statusCode: null, error: `The URL ${(err as Error).message}`, responseBody: null });
  }
  return new Promise((resolve) => {
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(
      target,
      {
        method: "POST",
        lookup: guardedLookup,
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Posteady-Webhooks/1.0",
          "Content-Length": Buffer.byteLength(message.body),
          ...signedHeaders(secret, message),
        },
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        const kept: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size < KEPT_RESPONSE_BYTES) kept.push(chunk.subarray(0, KEPT_RESPONSE_BYTES - size));
          size += chunk.length;
          // the rest is read and dropped, so the connection ends normally
        });
        res.on("end", () => {
          clearTimeout(timer);
          const responseBody = Buffer.concat(kept).toString("utf8") || null;
          const ok = statusCode >= 200 && statusCode < 300;
          const redirect = statusCode >= 300 && statusCode < 400;
          const error = ok
            ? null
            : redirect
              ? `The endpoint answered HTTP ${statusCode} (a redirect${res.headers.location ? ` to ${res.headers.location}` : ""}); deliveries do not follow redirects: use the final URL`
              : `The endpoint answered HTTP ${statusCode}`;
          resolve(done({ ok, statusCode, error, responseBody }));
        });
        res.on("error", (err) => resolve(done({ ok: false, statusCode, error: `The answer broke off: ${err.message}`, responseBody: null })));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)), DELIVERY_TIMEOUT_MS);
    req.on("timeout", () => req.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    req.on("error", (err) => {
      clearTimeout(timer);
      const why = err instanceof UrlRefusedError ? `The URL ${err.message}` : `Could not deliver: ${err.message}`;
      resolve(done({ ok: false, statusCode: null, error: why, responseBody: null }));
    });
    req.end(message.body);
  });
}
