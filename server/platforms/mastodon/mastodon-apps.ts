// Our client app on each instance: registered with POST /api/v1/apps the first time someone
// connects an account there (https://docs.joinmastodon.org/methods/apps/#create), then reused for
// every account of that instance. Kept by a store (the lead's wiring: the MastodonApp table of
// prisma/migrations/20261129043821_mastodon_apps, the secret encrypted like account tokens).
import { checkInstance, instanceRequest, supportsProfileScope } from "./mastodon-instance.ts";

export type MastodonAppRegistration = {
  instance: string;
  redirectUri: string;
  clientId: string;
  clientSecret: string;
  /** what the app was registered for (an authorization may ask only a subset) */
  scopes: string[];
};

export interface MastodonAppStore {
  find(instance: string, redirectUri: string): Promise<MastodonAppRegistration | undefined>;
  /**
   * Keeps a registration; when another process registered one for the same instance and
   * redirect URI meanwhile, answers that one (one app per instance, whoever won).
   */
  save(registration: MastodonAppRegistration): Promise<MastodonAppRegistration>;
}

/** A store in memory: tests, and a single process before the table is wired. */
export function memoryAppStore(): MastodonAppStore {
  const apps = new Map<string, MastodonAppRegistration>();
  const key = (instance: string, redirectUri: string) => `${instance} ${redirectUri}`;
  return {
    find: async (instance, redirectUri) => apps.get(key(instance, redirectUri)),
    async save(r) {
      const k = key(r.instance, r.redirectUri);
      if (!apps.has(k)) apps.set(k, r);
      return apps.get(k)!;
    },
  };
}

/** What we ask for: read, write statuses and media; `profile` (verify_credentials without read:accounts) where the instance has it. */
export async function connectScopes(instance: string): Promise<string[]> {
  return ["read", "write:statuses", "write:media", ...((await supportsProfileScope(instance)) ? ["profile"] : [])];
}

export const clientName = "Posteady";
export const clientWebsite = "https://github.com/posteady/posteady";

/** The app for this instance, registered if it has none yet (the instance passes the SSRF guard first). */
export async function appForInstance(instance: string, redirectUri: string, store: MastodonAppStore): Promise<MastodonAppRegistration> {
  const known = await store.find(instance, redirectUri);
  if (known) return known;
  await checkInstance(instance);
  const scopes = await connectScopes(instance);
  const res = await instanceRequest<{ client_id: string; client_secret: string }>(instance, {
    method: "POST",
    path: "/api/v1/apps",
    body: { client_name: clientName, redirect_uris: [redirectUri], scopes: scopes.join(" "), website: clientWebsite },
  });
  return store.save({ instance, redirectUri, clientId: res.body.client_id, clientSecret: res.body.client_secret, scopes });
}
