// What every sandbox platform module is built from: routes with auth and fault injection,
// token checks in the platform's own error format, media fetching (as Meta fetches URLs)
// and streamed upload hashing.
import crypto from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import type { Context, Hono } from "hono";
import type { FaultKind, MediaBlob, SandboxProvider, SandboxState, Token } from "./state.ts";

// Note: @hono/node-server replaces the global Response, so `x instanceof Response` is false
// for a Response.json(...) made elsewhere; pass refusals around as plain values instead.
export type Env = { Bindings: HttpBindings };
export type Ctx = Context<Env>;

/** Error situations every platform renders in its own format. */
export type ErrorKind =
  "expired_token" | "invalid_token" | "missing_scope" | "rate_limit" | "quota" | "server_error" | "content" | "media" | "invalid_request" | "not_found";

export type ProviderModule = {
  provider: SandboxProvider;
  /** the access token presented with a request (header, query or form, as the platform does) */
  tokenOf(c: Ctx): Promise<string | undefined> | string | undefined;
  error(kind: ErrorKind, detail?: { message?: string; retryAfterSeconds?: number; code?: string }): Response;
  register(app: Hono<Env>, kit: Kit): void;
};

/**
 * A JSON answer. Not `Response.json()`: that builds a full web Response whose body
 * @hono/node-server must read back as a stream, while a string body goes straight to the socket.
 */
export function jsonAnswer(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers: { "content-type": "application/json", ...init.headers } });
}

/**
 * The request body as it arrives: the Node request itself under @hono/node-server (wrapping it
 * as a web Request and stream cost more than the rest of a call), the web body otherwise.
 */
export function bodyStream(c: Ctx): AsyncIterable<Uint8Array> {
  return (c.env?.incoming ?? c.req.raw.body ?? []) as AsyncIterable<Uint8Array>;
}

export type Handler = (c: Ctx, token: Token) => Promise<Response> | Response;
export type PublicHandler = (c: Ctx) => Promise<Response> | Response;

const wrapperKinds: readonly FaultKind[] = [
  "rate_limit",
  "quota",
  "expired_token",
  "revoked_token",
  "reject_content",
  "server_error",
  "response_lost",
  "slow_response",
];

const pause = (seconds = 5) => new Promise((r) => setTimeout(r, seconds * 1000));

export class Kit {
  /** operation names of every route, by platform (the fault API accepts only these) */
  readonly operations = new Map<SandboxProvider, Set<string>>();

  constructor(
    readonly state: SandboxState,
    /** the sandbox's own base URL, for absolute URLs it hands out (upload URLs, permalinks) */
    readonly baseUrl: string,
  ) {}

  /**
   * A platform route that needs an access token. Faults for the operation are applied first;
   * "response_lost" runs the handler (the change is applied) and then drops the connection.
   */
  route(app: Hono<Env>, module: ProviderModule, method: string, path: string, operation: string, handler: Handler, requiredScopes: string[][] = []) {
    this.record(module.provider, operation);
    app.on(method, path, async (c) => {
      const presented = await module.tokenOf(c);
      const check = this.state.checkToken(module.provider, presented);
      if (typeof check !== "string") this.state.activity.record(module.provider, check.profileId);
      await this.latency();
      const fault = this.state.takeFault(module.provider, operation, wrapperKinds, typeof check === "string" ? undefined : check.profileId);
      if (check === "expired") return module.error("expired_token");
      if (typeof check === "string") return module.error("invalid_token");
      if (requiredScopes.length > 0 && !requiredScopes.some((all) => all.every((s) => check.scopes.some((g) => g === s || g.endsWith(`/${s}`))))) {
        return module.error("missing_scope", { message: `requires ${requiredScopes.map((a) => a.join("+")).join(" or ")}` });
      }
      if (fault) {
        switch (fault.kind) {
          case "rate_limit":
            return module.error("rate_limit", { retryAfterSeconds: fault.retryAfterSeconds ?? 60 });
          case "quota":
            return module.error("quota");
          case "expired_token":
            return module.error("expired_token");
          case "revoked_token":
            this.state.revokeToken(check.value);
            return module.error("expired_token");
          case "reject_content":
            return module.error("content");
          case "server_error":
            return module.error("server_error");
          case "response_lost": {
            await handler(c, check);
            c.env.outgoing.destroy();
            return new Response(null, { status: 500 });
          }
          case "slow_response":
            // The request is in flight for a while, then applied even if the caller is gone.
            await pause(fault.delaySeconds);
            return handler(c, check);
        }
      }
      return handler(c, check);
    });
  }

  /** A route without an access token (OAuth endpoints, upload URLs with their own credentials). */
  open(app: Hono<Env>, module: ProviderModule, method: string, path: string, operation: string, handler: PublicHandler, opts: { page?: boolean } = {}) {
    this.record(module.provider, operation);
    app.on(method, path, async (c) => {
      if (!opts.page) await this.latency();
      const fault = this.state.takeFault(module.provider, operation, ["rate_limit", "server_error", "response_lost", "slow_response"]);
      if (fault?.kind === "slow_response") await pause(fault.delaySeconds);
      if (fault?.kind === "rate_limit") return module.error("rate_limit", { retryAfterSeconds: fault.retryAfterSeconds ?? 60 });
      if (fault?.kind === "server_error") return module.error("server_error");
      if (fault?.kind === "response_lost") {
        await handler(c);
        c.env.outgoing.destroy();
        return new Response(null, { status: 500 });
      }
      return handler(c);
    });
  }

  /**
   * The platform's authorize page: an open route the user's browser opens (it shows the consent
   * page), not an API call, so the call delay does not apply to it.
   */
  authorizePage(app: Hono<Env>, module: ProviderModule, path: string, operation: string, handler: PublicHandler) {
    this.open(app, module, "GET", path, operation, handler, { page: true });
  }

  /** The network and the platform's own time before it handles an API request (`callDelayMs`). */
  private latency(): Promise<void> | undefined {
    const ms = this.state.callDelayMs;
    return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : undefined;
  }

  private record(provider: SandboxProvider, operation: string) {
    if (!this.operations.has(provider)) this.operations.set(provider, new Set());
    this.operations.get(provider)!.add(operation);
  }

  /** Processing faults the handler applies to a new object: it fails, or takes longer. */
  processingFault(provider: SandboxProvider, operation: string, profileId?: string): { failure?: string; processingMs?: number } {
    const fault = this.state.takeFault(provider, operation, ["reject_media", "slow_processing"], profileId);
    if (!fault) return {};
    if (fault.kind === "reject_media") return { failure: "media rejected by the sandbox (fault injection)" };
    return { processingMs: (fault.delaySeconds ?? 5) * 1000 };
  }

  /** Lifetime of a new access token: the platform's, unless a test shortened it. */
  accessTtl(platformSeconds: number): number {
    return this.state.accessTokenSeconds ?? platformSeconds;
  }

  /** GET a media URL as Meta's servers do, hashing the bytes as they stream. */
  async fetchMedia(url: string, maxBytes = 2 * 1024 ** 3): Promise<MediaBlob | { error: string }> {
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    } catch (err) {
      return { error: `could not fetch ${url}: ${(err as Error).message}` };
    }
    if (!res.ok || !res.body) return { error: `fetching ${url} answered HTTP ${res.status}` };
    const hash = crypto.createHash("sha256");
    const file = this.state.media.writer();
    let size = 0;
    let head = Buffer.alloc(0);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        file.abort();
        return { error: "the media is larger than the platform accepts" };
      }
      if (head.length < 16) head = Buffer.concat([head, Buffer.from(chunk.subarray(0, 16 - head.length))]);
      hash.update(chunk);
      file.write(chunk);
    }
    if (size === 0) return { error: "the media is empty" };
    const sha256 = hash.digest("hex");
    file.finish(sha256);
    return { size, sha256, contentType: res.headers.get("content-type") ?? undefined, head: head.toString("hex") };
  }

  /** Hash a request body as it streams (uploads). */
  async readBody(c: Ctx): Promise<MediaBlob> {
    const hash = crypto.createHash("sha256");
    let size = 0;
    let head = Buffer.alloc(0);
    for await (const chunk of bodyStream(c)) {
      size += chunk.byteLength;
      if (head.length < 16) head = Buffer.concat([head, Buffer.from(chunk.subarray(0, 16 - head.length))]);
      hash.update(chunk);
    }
    return { size, sha256: hash.digest("hex"), contentType: c.req.header("content-type"), head: head.toString("hex") };
  }
}

/** Form or JSON fields of a request, whichever it sent, plus the query string (Meta accepts both). */
export async function params(c: Ctx): Promise<Record<string, string>> {
  const out: Record<string, string> = { ...c.req.query() };
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) out[k] = typeof v === "string" ? v : JSON.stringify(v);
  } else if (type.includes("x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(await c.req.text())) out[k] = v;
  } else if (type.includes("form")) {
    const body = await c.req.parseBody();
    for (const [k, v] of Object.entries(body)) if (typeof v === "string") out[k] = v;
  }
  return out;
}

export function bearer(c: Ctx): string | undefined {
  const header = c.req.header("authorization");
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m?.[1];
}
