// Where each platform lives and which app credentials we use there. In the default `sandbox`
// mode every URL points at the local sandbox (server/sandbox), which speaks the same
// protocols; in `live` mode the defaults are the real hosts. Every URL can be overridden.
import { z } from "zod";
import { providers, type ProviderName } from "../domain/accounts/providers.ts";
import { readVariables } from "../env.ts";
import { SANDBOX_APP_SECRET } from "../sandbox/apps.ts";
import { hosts, platformVariables, urlVariable, type Endpoints } from "./platform-variables.ts";

export { hosts, urlVariable, type Endpoints };

// Every provider of the table has its hosts: a new one does not compile without them.
const _everyProviderHasHosts: Record<ProviderName, unknown> = hosts;

const schema = z.object(platformVariables);

export type Credentials = { clientId: string; clientSecret: string };

export type PlatformConfig = {
  mode: "sandbox" | "live";
  sandboxUrl: string;
  sandboxPort: number;
  metaGraphVersion: string;
  linkedinVersion: string;
  /** LinkedIn scopes requested besides the self-serve ones (LINKEDIN_SCOPES) */
  linkedinScopes: string[];
  endpoints: Endpoints;
  /** our app registrations; TikTok has two (business-developer app and Login Kit app) */
  credentials: Record<ProviderName | "tiktokLoginKit", Credentials>;
};

let cached: PlatformConfig | undefined;

export function platformConfig(): PlatformConfig {
  if (cached) return cached;
  // The same declarations and checks as env() (which validates them at startup), without its
  // secrets: platform adapters and their tests need no DATA_DIR.
  const e = readVariables(schema);
  // the URL overrides and credentials, one variable per platform and name (./platform-variables.ts)
  const text = (name: string) => (e as unknown as Record<string, string | undefined>)[name];
  const sandboxUrl = (e.SANDBOX_URL ?? `http://localhost:${e.SANDBOX_PORT}`).replace(/\/$/, "");
  const endpoints = {} as Record<string, Record<string, string>>;
  for (const [provider, urls] of Object.entries(hosts)) {
    endpoints[provider] = {};
    for (const [name, [real, sandboxPath]] of Object.entries(urls as Record<string, [string, string]>)) {
      endpoints[provider]![name] = (text(urlVariable(provider, name)) ?? (e.PLATFORMS === "sandbox" ? sandboxUrl + sandboxPath : real)).replace(/\/$/, "");
    }
  }
  const credential = (prefix: string): Credentials => ({
    clientId: text(`${prefix}_CLIENT_ID`) ?? (e.PLATFORMS === "sandbox" ? `sandbox-${prefix.toLowerCase().replace(/_/g, "-")}` : ""),
    clientSecret: text(`${prefix}_CLIENT_SECRET`) ?? (e.PLATFORMS === "sandbox" ? SANDBOX_APP_SECRET : ""),
  });
  cached = {
    mode: e.PLATFORMS,
    sandboxUrl,
    sandboxPort: e.SANDBOX_PORT,
    metaGraphVersion: e.META_GRAPH_VERSION,
    linkedinVersion: e.LINKEDIN_VERSION,
    linkedinScopes: e.LINKEDIN_SCOPES,
    endpoints: endpoints as Endpoints,
    // {PROVIDER}_CLIENT_ID and _CLIENT_SECRET per provider, and TikTok's Login Kit app
    credentials: {
      ...(Object.fromEntries(providers.map((p) => [p, credential(p.toUpperCase())])) as Record<ProviderName, Credentials>),
      tiktokLoginKit: credential("TIKTOK_LOGIN_KIT"),
    },
  };
  return cached;
}

export function resetPlatformConfig(): void {
  cached = undefined;
}
