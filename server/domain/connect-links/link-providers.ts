// The platforms a client connect link can offer: those connected by OAuth, where the person only
// signs in and consents: through this installation's own app registration, on the Mastodon server
// the person names (our app registers itself there), or with Sign in with Bluesky (where this
// installation offers it: see bluesky-oauth-client.ts). Not offered: a platform whose app is not
// configured here, and Bluesky's app passwords (a secret a client should not type into a link).
import { platformConfig } from "../../platforms/config.ts";
import { blueskyOAuthAvailable } from "../accounts/bluesky-oauth-client.ts";
import { providers, providerTable, type ProviderName } from "../accounts/providers.ts";

export function linkConnectable(provider: ProviderName): boolean {
  if (provider === "bluesky") return blueskyOAuthAvailable();
  const connect = providerTable[provider].connect;
  if (connect.method !== "oauth") return false;
  if (connect.instance) return true;
  return Boolean(platformConfig().credentials[provider].clientId);
}

export const linkConnectableProviders = (): ProviderName[] => providers.filter(linkConnectable);
