// Bluesky in the sandbox: the real local PDS (local-pds.ts), started on first use (importing and
// starting it costs seconds a start without Bluesky should not pay) and reached at the sandbox's
// own address: /xrpc/* is passed to it, and it names the sandbox as its accounts' PDS, so the
// service only ever talks to SANDBOX_URL. Beside it:
//   GET  /_sandbox/bluesky              page: "Create a Bluesky test account" (handle + app password to paste)
//   POST /_sandbox/bluesky/accounts     { handle? } → 201 { handle, did, appPassword, password, server } (a form post answers the page)
//   GET  /_sandbox/bluesky/faults       { faults } (a fault is gone once spent)
//   POST /_sandbox/bluesky/faults       { kind: "answer_lost", operation, darkSeconds? } → 201 { fault }: the next such call reaches the PDS,
//                                       its answer is dropped, and the PDS is unreachable for darkSeconds (a server that stopped after receiving it);
//                                       { kind: "slow_answer", operation, delaySeconds } → 201: its answer comes that much later
//   DELETE /_sandbox/bluesky/faults     204
//   /bluesky/plc/*                      the PLC identity directory (and /did:plc:… at the root, where atproto OAuth looks)
//   /oauth/*, /@atproto/*, /account/*, /.well-known/oauth-*   the PDS's atproto OAuth server and its sign-in page
//   GET /_sandbox/open?permalink=https://bsky.app/…  the page of that post's record on the PDS (pds-post-page.ts)
import { randomBytes } from "node:crypto";
import type { Hono } from "hono";
import { request } from "undici";
import { html } from "hono/html";
import type { Ctx, Env } from "../kit.ts";
import { faviconLink } from "../favicon.ts";
import type { LocalPds } from "./local-pds.ts";
import { registerPdsPostPage } from "./pds-post-page.ts";

/**
 * answer_lost: the call reaches the PDS, its answer is dropped, then the PDS is unreachable for
 * darkSeconds. slow_answer: the call reaches the PDS, its answer comes delaySeconds later (a
 * moment to kill the caller in, after the record exists). Each is spent by the call it waits for.
 */
type Fault = { id: string; kind: "answer_lost" | "slow_answer"; operation: string; darkSeconds: number; delaySeconds: number };

export type SandboxPds = { close(): Promise<void> };

/** Headers not passed on: hop-by-hop ones, and those fetch() has already acted on (decoded bodies). */
const dropped = new Set(["connection", "keep-alive", "transfer-encoding", "content-encoding", "content-length", "host"]);

function passHeaders(from: Headers): Headers {
  const out = new Headers();
  from.forEach((value, name) => {
    // appended: the PDS's sign-in page sets several cookies
    if (!dropped.has(name.toLowerCase())) out.append(name, value);
  });
  return out;
}

export function registerSandboxPds(app: Hono<Env>, baseUrl: string): SandboxPds {
  let running: Promise<LocalPds> | undefined;
  const pds = () =>
    (running ??= import("./local-pds.ts")
      .then(({ startLocalPds }) => startLocalPds({ publicUrl: baseUrl }))
      .catch((err: unknown) => {
        running = undefined;
        throw err;
      }));
  const faults: Fault[] = [];
  let darkUntil = 0;

  // a PDS not yet started holds no posts: its page is a 404 without starting it
  registerPdsPostPage(app, async () => (running ? (await running.catch(() => undefined))?.url : undefined));

  /** Drops the connection: the caller sees no answer at all. */
  const hangUp = (c: { env: Env["Bindings"] }) => {
    c.env.incoming.socket.destroy();
    return new Response(null, { status: 502 });
  };

  async function forward(c: Ctx, target: string) {
    const type = c.req.header("content-type") ?? "";
    const method = c.req.method;
    const body = method === "GET" || method === "HEAD" ? undefined : /json|x-www-form-urlencoded/.test(type) ? await c.req.text() : c.req.raw.body;
    const res = await fetch(target, { method, headers: passHeaders(c.req.raw.headers), body, duplex: "half", redirect: "manual" } as RequestInit);
    return new Response(method === "HEAD" ? null : await res.arrayBuffer(), { status: res.status, headers: passHeaders(res.headers) });
  }

  app.all("/xrpc/*", async (c) => {
    if (Date.now() < darkUntil) return hangUp(c);
    const operation = c.req.path.slice("/xrpc/".length);
    const local = await pds();
    const url = new URL(c.req.url);
    const answer = await forward(c, `${local.url}${url.pathname}${url.search}`);
    const i = faults.findIndex((f) => f.operation === operation);
    if (i < 0) return answer;
    const [fault] = faults.splice(i, 1);
    if (fault!.kind === "slow_answer") {
      await new Promise((r) => setTimeout(r, fault!.delaySeconds * 1000));
      return answer;
    }
    darkUntil = Date.now() + fault!.darkSeconds * 1000;
    return hangUp(c);
  });

  // atproto OAuth (its authorization server is the PDS's @atproto/oauth-provider): the metadata
  // documents, PAR, token and authorize endpoints, and the sign-in page with its assets and API
  // through undici.request, not fetch: fetch rewrites Sec-Fetch-Mode to "cors", and the sign-in
  // page refuses anything but the browser's own "navigate"
  const toPds = async (c: Ctx) => {
    const local = await pds();
    const url = new URL(c.req.url);
    const method = c.req.method;
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      // no accept-encoding: request() does not decode, and the answer is passed on as plain bytes
      if (!dropped.has(name.toLowerCase()) && name.toLowerCase() !== "accept-encoding") headers[name] = value;
    });
    // The dashboard and the sandbox share a host (other ports), so the browser calls the sign-in
    // page "same-site", which the PDS refuses; a real PDS is another site than Posteady.
    if (headers["sec-fetch-site"] === "same-site") headers["sec-fetch-site"] = "cross-site";
    const body = method === "GET" || method === "HEAD" ? undefined : Buffer.from(await c.req.arrayBuffer());
    const res = await request(`${local.url}${url.pathname}${url.search}`, { method: method as "GET", headers, body });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (dropped.has(name.toLowerCase()) || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
    }
    const data = method === "HEAD" ? null : await res.body.arrayBuffer();
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : data, { status: res.statusCode, headers: out });
  };
  app.get("/.well-known/oauth-protected-resource", toPds);
  app.get("/.well-known/oauth-authorization-server", toPds);
  app.all("/oauth/*", toPds);
  app.all("/@atproto/*", toPds);
  app.all("/account/*", toPds);

  // the PLC directory at the root too, where atproto's OAuth client looks a DID up (/did:plc:…)
  app.get("/:did", async (c, next) => {
    if (!decodeURIComponent(c.req.param("did")).startsWith("did:plc:")) return next();
    const local = await pds();
    return forward(c, `${local.plcUrl}${new URL(c.req.url).pathname}`);
  });

  app.all("/bluesky/plc/*", async (c) => {
    const local = await pds();
    const url = new URL(c.req.url);
    return forward(c, `${local.plcUrl}${url.pathname.slice("/bluesky/plc".length)}${url.search}`);
  });

  app.get("/_sandbox/bluesky/faults", (c) => c.json({ faults }));
  app.post("/_sandbox/bluesky/faults", async (c) => {
    const input = (await c.req.json().catch(() => ({}))) as Partial<Fault>;
    if ((input.kind !== "answer_lost" && input.kind !== "slow_answer") || typeof input.operation !== "string")
      return c.json(
        { error: 'expected { kind: "answer_lost" | "slow_answer", operation: "com.atproto.repo.createRecord", darkSeconds?, delaySeconds? }' },
        422,
      );
    const fault: Fault = {
      id: randomBytes(6).toString("hex"),
      kind: input.kind,
      operation: input.operation,
      darkSeconds: Math.max(0, Number(input.darkSeconds ?? 0)),
      delaySeconds: Math.max(0, Number(input.delaySeconds ?? 0)),
    };
    faults.push(fault);
    return c.json({ fault }, 201);
  });
  app.delete("/_sandbox/bluesky/faults", (c) => {
    faults.length = 0;
    darkUntil = 0;
    return c.body(null, 204);
  });

  /** A new account with an app password, as a user makes one on bsky.social. */
  async function createAccount(handleInput: string | undefined) {
    const local = await pds();
    const name =
      (handleInput ?? "")
        .trim()
        .replace(/^@/, "")
        .replace(/\.test$/, "")
        .toLowerCase() || `user-${randomBytes(3).toString("hex")}`;
    const account = await local.createAccount({ handle: `${name}.test` });
    const appPassword = await local.createAppPassword(account, "Posteady");
    // the account's own password too: a test revokes the app password with it, as a user does in Settings
    return { handle: account.handle, did: account.did, appPassword, password: account.password, server: baseUrl };
  }

  app.post("/_sandbox/bluesky/accounts", async (c) => {
    const form = (c.req.header("content-type") ?? "").includes("json");
    const handle = form ? ((await c.req.json().catch(() => ({}))) as { handle?: string }).handle : String((await c.req.parseBody()).handle ?? "");
    try {
      const created = await createAccount(handle);
      return form ? c.json(created, 201) : c.html(page(created), 201);
    } catch (err) {
      const message = (err as Error).message;
      return form ? c.json({ error: message }, 422) : c.html(page(undefined, message), 422);
    }
  });
  app.get("/_sandbox/bluesky", (c) => c.html(page()));

  const page = (created?: { handle: string; appPassword: string; password: string; server: string }, error?: string) =>
    html`<!doctype html>
      <html>
        <head>
          <meta charset="utf-8" />
          <title>Create a Bluesky test account</title>
          ${faviconLink}
          <style>
            body {
              font:
                15px system-ui,
                sans-serif;
              max-width: 36rem;
              margin: 3rem auto;
              padding: 0 1rem;
            }
            dd {
              font:
                15px ui-monospace,
                monospace;
              margin: 0 0 0.75rem;
            }
            .error {
              color: #b00020;
            }
          </style>
        </head>
        <body>
          <h1>Create a Bluesky test account</h1>
          <p>
            The sandbox runs a real Bluesky server (a PDS) on this machine. Create an account on it, then paste its handle and app password into Posteady's
            Bluesky connect form (Accounts → Bluesky), or use "Sign in with Bluesky" there and sign in with the account password.
          </p>
          ${error ? html`<p class="error">${error}</p>` : ""}
          ${
            created
              ? html`<dl>
                  <dt>Handle</dt>
                  <dd>${created.handle}</dd>
                  <dt>App password</dt>
                  <dd>${created.appPassword}</dd>
                  <dt>Account password (for Sign in with Bluesky)</dt>
                  <dd>${created.password}</dd>
                  <dt>Server</dt>
                  <dd>${created.server}</dd>
                </dl>`
              : ""
          }
          <form method="post" action="/_sandbox/bluesky/accounts">
            <label>Handle <input name="handle" placeholder="alice" /> .test</label>
            <button type="submit">Create account and app password</button>
          </form>
        </body>
      </html>`;

  return {
    async close() {
      const started = running;
      running = undefined;
      if (started) await (await started.catch(() => undefined))?.stop();
    },
  };
}
