// Whether "Sign in with Bluesky" is offered: apart from the OAuth client so the dashboard's page
// can ask without loading the library.
import { env } from "../../env.ts";

/**
 * Offered on an https PUBLIC_URL, or on an http one that names this machine (localhost,
 * 127.0.0.1, [::1]): the loopback client's redirect goes to 127.0.0.1, which reaches the service
 * only from a browser on the same machine. Elsewhere on http, only app passwords.
 */
export function blueskyOAuthAvailable(): boolean {
  const url = new URL(env().publicUrl);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
