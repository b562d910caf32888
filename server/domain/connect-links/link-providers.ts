// The platforms a client connect link can offer: those connected by OAuth through this
// installation's own app registration (the person only clicks and consents). Not offered: a
// server the person names first (Mastodon), an app password or atproto sign-in (Bluesky), which
// need a form the dashboard has and the link page does not yet; and a platform whose app is not
// configured here.
import { platformConfig } from "../../platforms/config.ts";
import { providers, providerTable, type ProviderName } from "../accounts/providers.ts";

export function linkConnectable(provider: ProviderName): boolean {
  const connect = providerTable[provider].connect;
  if (connect.method !== "oauth" || connect.instance) return false;
  return Boolean(platformConfig().credentials[provider].clientId);
}

export const linkConnectableProviders = (): ProviderName[] => providers.filter(linkConnectable);
