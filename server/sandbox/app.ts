// The sandbox server: every platform module, the consent page and the control API on one port.
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { registerConsent } from "./consent.ts";
import { registerControl } from "./control.ts";
import { Kit, type Env, type ProviderModule } from "./kit.ts";
import { registerOpenAiCompatible } from "./openai-compatible.ts";
import { registerPostPages } from "./post-page.ts";
import type { LocalServer } from "./provider-modules.ts";
import { SandboxState } from "./state.ts";

export function createSandboxApp(state: SandboxState, baseUrl: string, modules: ProviderModule[], localServers: LocalServer[] = []) {
  const app = new Hono<Env>();
  const kit = new Kit(state, baseUrl);
  // JSON and form bodies are read straight from the socket: left to Hono, each would become a web
  // Request and stream first, which was most of a busy sandbox's time per call. (Uploads stream.)
  app.use(async (c, next) => {
    const incoming = c.env?.incoming;
    const type = c.req.header("content-type") ?? "";
    if (incoming && (type.includes("json") || type.includes("x-www-form-urlencoded"))) {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      // (Hono keeps promises in its body cache, though its type says otherwise.)
      (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(Buffer.concat(chunks).toString("utf8"));
    }
    await next();
  });
  for (const m of modules) m.register(app, kit);
  const servers = localServers.map((s) => s.register(app, baseUrl));
  registerConsent(app, state);
  registerControl(app, state, kit.operations);
  registerPostPages(app, state);
  registerOpenAiCompatible(app);
  app.notFound((c) => c.json({ error: `sandbox: no route ${c.req.method} ${c.req.path}` }, 404));
  return Object.assign(app, { closeLocalServers: () => Promise.all(servers.map((s) => s.close())).then(() => undefined) });
}

export type RunningSandbox = { url: string; state: SandboxState; server: ServerType; close(): Promise<void> };

export async function startSandbox(opts: {
  port: number;
  modules: ProviderModule[];
  /** real platform servers run beside the modules (Bluesky's PDS), started on first use */
  localServers?: LocalServer[];
  hostname?: string;
  stateFile?: string;
  baseUrl?: string;
}): Promise<RunningSandbox> {
  const state = new SandboxState(opts.stateFile);
  const hostname = opts.hostname ?? "127.0.0.1";
  const url = (opts.baseUrl ?? `http://${hostname === "0.0.0.0" ? "127.0.0.1" : hostname}:${opts.port}`).replace(/\/$/, "");
  const app = createSandboxApp(state, url, opts.modules, opts.localServers);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname }, () => resolve(s));
  });
  return {
    url,
    state,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        state.flush();
        server.close(() => void app.closeLocalServers().then(resolve, () => resolve()));
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
