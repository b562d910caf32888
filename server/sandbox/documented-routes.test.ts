// Every route the sandbox registers must be an endpoint the real platform documents
// (documented-routes.ts): an invented route fails here, and so does a manifest entry with no
// official documentation page or no route behind it.
import type { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { hosts } from "../platforms/config.ts";
import { createSandboxApp } from "./app.ts";
import { documentedRoutes, handedOutHosts, officialDocSites, openAiHost, sandboxOwnPrefix } from "./documented-routes.ts";
import { xSandbox } from "./x/x-sandbox.ts";
import { providerModules } from "./provider-modules.ts";
import type { ProviderModule } from "./kit.ts";
import { SandboxState } from "./state.ts";

/** Sandbox path prefix → real base URL, longest prefix first. */
const prefixes: [string, string][] = [
  ...Object.values(hosts).flatMap((urls) =>
    Object.values(urls as Record<string, [string, string]>).map(([real, sandbox]): [string, string] => [sandbox, real]),
  ),
  ...Object.entries(handedOutHosts),
  openAiHost,
].sort((a, b) => b[0].length - a[0].length);

/** Path parameters, whatever their name or pattern (Hono's :name{regex}, the manifest's {name}), become {}. */
const template = (url: string) => url.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "{}").replace(/\{[^}]*\}/g, "{}");

/** The real URL a sandbox route stands for, or null when no platform host maps it. */
function realUrlOf(path: string): string | null {
  for (const [sandbox, real] of prefixes) {
    if (path === sandbox || path.startsWith(sandbox.endsWith("/") ? sandbox : `${sandbox}/`)) return real + path.slice(sandbox.length);
  }
  return null;
}

const documented = new Set(Object.values(documentedRoutes).flatMap((routes) => routes.map((r) => `${r.method} ${template(r.url)}`)));

/** Routes of a sandbox app that no documented endpoint accounts for. */
function undocumented(app: Hono<never>): string[] {
  const out: string[] = [];
  for (const r of app.routes) {
    // Middleware (app.use: the body reader, X's Project check before every v2 endpoint) adds no
    // endpoint of its own; it is told apart by taking `next`. No sandbox route uses app.all.
    if (r.method === "ALL" && r.handler.length >= 2) continue;
    if (r.path === sandboxOwnPrefix || r.path.startsWith(`${sandboxOwnPrefix}/`)) continue;
    const real = realUrlOf(r.path);
    if (!real || !documented.has(`${r.method} ${template(real)}`)) out.push(`${r.method} ${r.path}${real ? ` (${real})` : ""}`);
  }
  return out;
}

const sandboxApp = (modules: ProviderModule[]) => createSandboxApp(new SandboxState(), "http://127.0.0.1:9", modules) as unknown as Hono<never>;

describe("sandbox routes against the platforms' documented endpoints", () => {
  it("registers no route the real APIs do not document", () => {
    expect(undocumented(sandboxApp(providerModules))).toEqual([]);
  });

  it("fails for a route the real API does not have", () => {
    const invented: ProviderModule = {
      ...xSandbox,
      register(app, kit) {
        xSandbox.register(app, kit);
        kit.route(app, invented, "GET", "/x/api/2/tweets/:id/everything", "tweets.everything", (c) => c.json({}));
      },
    };
    const others = providerModules.filter((m) => m.provider !== "x");
    expect(undocumented(sandboxApp([...others, invented]))).toEqual(["GET /x/api/2/tweets/:id/everything (https://api.x.com/2/tweets/:id/everything)"]);
  });

  it("backs every manifest entry with a route and a page on the platform's documentation site", () => {
    const registered = new Set(
      sandboxApp(providerModules)
        .routes.map((r) => [r.method, realUrlOf(r.path)] as const)
        .filter(([, real]) => real)
        .map(([method, real]) => `${method} ${template(real!)}`),
    );
    for (const [platform, routes] of Object.entries(documentedRoutes)) {
      for (const r of routes) {
        expect(
          officialDocSites[platform]!.some((site) => r.doc.startsWith(site)),
          `${r.method} ${r.url}: ${r.doc}`,
        ).toBe(true);
        expect(registered.has(`${r.method} ${template(r.url)}`), `${r.method} ${r.url} has no sandbox route`).toBe(true);
      }
    }
  });
});
