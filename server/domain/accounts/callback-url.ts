// The redirect URI each platform sends the user back to after consent. It is registered in the
// platform's developer app (docs/platforms/<provider>.md), so it lives apart from the OAuth flow
// that uses it: `platforms check` prints it without loading the database layer.
import { env } from "../../env.ts";
import type { ProviderName } from "./providers.ts";

export function callbackUrl(provider: ProviderName): string {
  return `${env().publicUrl}/api/connect/${provider}/callback`;
}
