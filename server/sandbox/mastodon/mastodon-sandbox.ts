// Sandbox Mastodon: any number of instances, each under /mastodon/<domain>/ and answering as
// https://<domain> would, from docs.joinmastodon.org: client apps registered per instance, OAuth 2
// with PKCE and the consent page, the instance's limits, media with asynchronous processing,
// statuses with Idempotency-Key, threads, content warnings and visibility, reads and deletes.
// Errors are Mastodon's {"error": "…"} (mastodon-errors.ts). Tokens do not expire; revoked → 401.
import { bearer, type ProviderModule } from "../kit.ts";
import { registerMastodonApi } from "./mastodon-api.ts";
import { mastodonErrorOf } from "./mastodon-errors.ts";
import { registerMastodonOAuth } from "./mastodon-oauth.ts";

export const mastodonSandbox: ProviderModule = {
  provider: "mastodon",
  tokenOf: (c) => bearer(c),
  error: mastodonErrorOf,
  register(app, kit) {
    registerMastodonOAuth(app, kit, mastodonSandbox);
    registerMastodonApi(app, kit, mastodonSandbox);
  },
};
