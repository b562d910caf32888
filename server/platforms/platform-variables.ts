// The platform variables: mode, sandbox address, API versions, and per platform its base URLs
// and our app credentials. Declared here beside the host table they follow; server/env.ts
// validates them with every other variable at startup, and ./config.ts derives from them.
import { z } from "zod";

export type Endpoints = {
  x: { api: string; authorize: string };
  threads: { graph: string; authorize: string };
  linkedin: { api: string; oauth: string };
  tiktok: { api: string; authorize: string };
  instagram: { graph: string; oauth: string; authorize: string };
  youtube: { api: string; authorize: string; token: string };
  facebook: { graph: string; graphVideo: string; rupload: string; dialog: string };
  /** the server a handle signs in at when the user names none, and the PLC identity directory */
  bluesky: { server: string; plc: string };
  /** the instance the connect form suggests (every account names its own) */
  mastodon: { instance: string };
};

// Real hosts, and the sandbox path that stands for each.
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
  // the sandbox's local PDS is served at the sandbox's own address (XRPC paths are absolute: /xrpc/…)
  bluesky: { server: ["https://bsky.social", ""], plc: ["https://plc.directory", "/bluesky/plc"] },
  mastodon: { instance: ["https://mastodon.social", "/mastodon/mastodon.social"] },
};

/** Environment variable overriding one URL, e.g. X_API_URL, FACEBOOK_GRAPH_VIDEO_URL. */
export function urlVariable(provider: string, name: string): string {
  return `${provider}_${name.replace(/[A-Z]/g, (c) => `_${c}`)}_URL`.toUpperCase();
}

/** Prefixes of our app registrations' <PREFIX>_CLIENT_ID and <PREFIX>_CLIENT_SECRET (TikTok has two apps). */
export const credentialPrefixes = ["X", "THREADS", "LINKEDIN", "TIKTOK", "TIKTOK_LOGIN_KIT", "INSTAGRAM", "YOUTUBE", "FACEBOOK"] as const;

const optionalStrings = (names: string[]) => Object.fromEntries(names.map((n) => [n, z.string().optional()]));

// URL overrides stay free text here: `platforms check` diagnoses a malformed or plain-http one
// per platform, with the variable's name (server/platforms/check).
const urlOverrides = Object.entries(hosts).flatMap(([provider, urls]) => Object.keys(urls).map((name) => urlVariable(provider, name)));
const credentials = credentialPrefixes.flatMap((p) => [`${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`]);

const port = "expected a whole number from 1 to 65535";

export const platformVariables = {
  PLATFORMS: z.enum(["sandbox", "live"]).default("sandbox"),
  SANDBOX_PORT: z.coerce.number({ error: port }).int({ error: port }).min(1, { error: port }).max(65535, { error: port }).default(4010),
  SANDBOX_URL: z.url().optional(),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, "expected a Graph API version such as v23.0")
    .default("v23.0"),
  LINKEDIN_VERSION: z
    .string()
    .regex(/^\d{6}$/, "expected a LinkedIn-Version such as 202607 (YYYYMM)")
    .default("202607"),
  // Scopes beyond the self-serve ones, for a LinkedIn app approved for more products.
  LINKEDIN_SCOPES: z
    .string()
    .default("")
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9_]+$/, "a LinkedIn scope is letters, digits and underscores"))),
  ...(optionalStrings([...urlOverrides, ...credentials]) as Record<string, z.ZodOptional<z.ZodString>>),
};
