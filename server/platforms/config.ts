// Where each platform lives and which app credentials we use there. In the default `sandbox`
// mode every URL points at the local sandbox (server/platforms/sandbox), which speaks the same
// protocols; in `live` mode the defaults are the real hosts. Every URL can be overridden.
import { z } from "zod";
import type { ProviderName } from "../domain/accounts/providers.ts";
import { SANDBOX_APP_SECRET } from "./sandbox/apps.ts";

const schema = z.object({
  PLATFORMS: z.enum(["sandbox", "live"]).default("sandbox"),
  SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  SANDBOX_URL: z.url().optional(),
  META_GRAPH_VERSION: z.string().regex(/^v\d+\.\d+$/).default("v23.0"),
  LINKEDIN_VERSION: z.string().regex(/^\d{6}$/).default("202607"),
  // Scopes beyond the self-serve ones, for a LinkedIn app approved for more products.
  LINKEDIN_SCOPES: z
    .string()
    .default("")
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9_]+$/, "a LinkedIn scope is letters, digits and underscores"))),
});

export type Endpoints = {
  x: { api: string; authorize: string };
  threads: { graph: string; authorize: string };
  linkedin: { api: string; oauth: string };
  tiktok: { api: string; authorize: string };
  instagram: { graph: string; oauth: string; authorize: string };
  youtube: { api: string; authorize: string; token: string };
  facebook: { graph: string; graphVideo: string; rupload: string; dialog: string };
};

// Real hosts, and the sandbox path that stands for each (the route manifest test reads them too).
export const hosts: { [P in keyof Endpoints]: { [K in keyof Endpoints[P]]: [real: string, sandbox: string] } } = {
  x: { api: ["https://api.x.com", "/x/api"], authorize: ["https://x.com/i/oauth2/authorize", "/x/i/oauth2/authorize"] },
  threads: { graph: ["https://graph.threads.net", "/threads/graph"], authorize: ["https://threads.net/oauth/authorize", "/threads/oauth/authorize"] },
  linkedin: { api: ["https://api.linkedin.com", "/linkedin/api"], oauth: ["https://www.linkedin.com/oauth/v2", "/linkedin/oauth/v2"] },
  tiktok: { api: ["https://open.tiktokapis.com", "/tiktok/api"], authorize: ["https://www.tiktok.com/v2/auth/authorize/", "/tiktok/v2/auth/authorize/"] },
  instagram: {
    graph: ["https://graph.instagram.com", "/instagram/graph"],
    oauth: ["https://api.instagram.com", "/instagram/api"],
    authorize: ["https://www.instagram.com/oauth/authorize", "/instagram/oauth/authorize"],
  },
  youtube: {
    api: ["https://www.googleapis.com", "/youtube/googleapis"],
    authorize: ["https://accounts.google.com/o/oauth2/v2/auth", "/youtube/accounts/o/oauth2/v2/auth"],
    token: ["https://oauth2.googleapis.com/token", "/youtube/oauth2/token"],
  },
  facebook: {
    graph: ["https://graph.facebook.com", "/facebook/graph"],
    graphVideo: ["https://graph-video.facebook.com", "/facebook/graph-video"],
    rupload: ["https://rupload.facebook.com", "/facebook/rupload"],
    dialog: ["https://www.facebook.com", "/facebook/www"],
  },
};

/** Environment variable overriding one URL, e.g. X_API_URL, FACEBOOK_GRAPH_VIDEO_URL. */
export function urlVariable(provider: string, name: string): string {
  return `${provider}_${name.replace(/[A-Z]/g, (c) => `_${c}`)}_URL`.toUpperCase();
}

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
  const e = schema.parse(process.env);
  const sandboxUrl = (e.SANDBOX_URL ?? `http://localhost:${e.SANDBOX_PORT}`).replace(/\/$/, "");
  const endpoints = {} as Record<string, Record<string, string>>;
  for (const [provider, urls] of Object.entries(hosts)) {
    endpoints[provider] = {};
    for (const [name, [real, sandboxPath]] of Object.entries(urls as Record<string, [string, string]>)) {
      endpoints[provider]![name] = (process.env[urlVariable(provider, name)] ?? (e.PLATFORMS === "sandbox" ? sandboxUrl + sandboxPath : real)).replace(/\/$/, "");
    }
  }
  const credential = (prefix: string): Credentials => ({
    clientId: process.env[`${prefix}_CLIENT_ID`] ?? (e.PLATFORMS === "sandbox" ? `sandbox-${prefix.toLowerCase().replace(/_/g, "-")}` : ""),
    clientSecret: process.env[`${prefix}_CLIENT_SECRET`] ?? (e.PLATFORMS === "sandbox" ? SANDBOX_APP_SECRET : ""),
  });
  cached = {
    mode: e.PLATFORMS,
    sandboxUrl,
    sandboxPort: e.SANDBOX_PORT,
    metaGraphVersion: e.META_GRAPH_VERSION,
    linkedinVersion: e.LINKEDIN_VERSION,
    linkedinScopes: e.LINKEDIN_SCOPES,
    endpoints: endpoints as Endpoints,
    credentials: {
      x: credential("X"),
      threads: credential("THREADS"),
      linkedin: credential("LINKEDIN"),
      tiktok: credential("TIKTOK"),
      tiktokLoginKit: credential("TIKTOK_LOGIN_KIT"),
      instagram: credential("INSTAGRAM"),
      youtube: credential("YOUTUBE"),
      facebook: credential("FACEBOOK"),
    },
  };
  return cached;
}

export function resetPlatformConfig(): void {
  cached = undefined;
}
