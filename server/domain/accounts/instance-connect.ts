// Connecting to a provider whose accounts live on a server the user names (the provider table's
// connect.instance: Mastodon): the address normalized and checked against the SSRF guard, our app
// registered there once (kept in MastodonApp), and the adapter bound to that app for OAuth.
import { AppError, fieldError } from "../../errors.ts";
import { platformConfig } from "../../platforms/config.ts";
import { isPlatformError } from "../../platforms/errors.ts";
import { mastodonAdapterFor } from "../../platforms/mastodon/mastodon-adapter.ts";
import { appForInstance } from "../../platforms/mastodon/mastodon-apps.ts";
import { instanceBase } from "../../platforms/mastodon/mastodon-instance.ts";
import type { PlatformAdapter } from "../../platforms/types.ts";
import { callbackUrl } from "./callback-url.ts";
import { limitsOfInstance } from "./mastodon-instance-limits.ts";
import { mastodonAppStore } from "./mastodon-app-store.ts";

/** The instance the connect form suggests: MASTODON_INSTANCE_URL (the sandbox's mastodon.social in sandbox mode). */
export const defaultInstance = () => platformConfig().endpoints.mastodon.instance;

/**
 * The adapter for an instance, our app registered there if it has none yet. `address` is what
 * the user typed (omitted: the default instance); a bad or refused address is a 422 at `instance`.
 */
export async function instanceAdapter(address: string | undefined): Promise<{ instance: string; adapter: PlatformAdapter }> {
  let instance = address ?? "";
  try {
    instance = instanceBase(address?.trim() ? address : defaultInstance());
    const app = await appForInstance(instance, callbackUrl("mastodon"), mastodonAppStore);
    // the limits every process validates posts with, read while the instance is at hand
    await limitsOfInstance(instance);
    return { instance, adapter: mastodonAdapterFor(app) as unknown as PlatformAdapter };
  } catch (err) {
    if (isPlatformError(err, "invalid_request")) throw fieldError("instance", err.detail);
    if (isPlatformError(err)) throw new AppError("CONNECTION_FAILED", `The instance ${instance} could not register our app: ${err.detail}`);
    throw err;
  }
}
