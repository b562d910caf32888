// Our Mastodon app per instance in PostgreSQL: registered once against the stack's sandbox
// instance, reused by every later connect, the secret encrypted at rest, and two processes
// registering at once end with one saved app that both answer.
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { appForInstance } from "../../platforms/mastodon/mastodon-apps.ts";
import { instanceBase } from "../../platforms/mastodon/mastodon-instance.ts";
import { sandboxUrl } from "../../testing/platform-fixtures.ts";
import { mastodonAppStore } from "./mastodon-app-store.ts";

const redirectUri = "http://127.0.0.1:9/api/connect/mastodon/callback";

describe("Mastodon app store", () => {
  it("registers an instance's app once, keeps the secret encrypted, and settles a race on one app", async () => {
    const instance = instanceBase(`${sandboxUrl()}/mastodon/store-${crypto.randomUUID().slice(0, 8)}.example`);
    const [a, b] = await Promise.all([appForInstance(instance, redirectUri, mastodonAppStore), appForInstance(instance, redirectUri, mastodonAppStore)]);
    expect(b.clientId).toBe(a.clientId);
    expect(b.clientSecret).toBe(a.clientSecret);
    const rows = await db.mastodonApp.findMany({ where: { instance } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.clientSecretEnc).not.toContain(a.clientSecret);
    expect(rows[0]!.scopes).toEqual(["read", "write:statuses", "write:media", "profile"]);
    // a later connect reuses it without asking the instance again
    expect((await appForInstance(instance, redirectUri, mastodonAppStore)).clientId).toBe(a.clientId);
    // the stored secret is the instance's: it authenticates our app there (a wrong one is invalid_client)
    const token = await fetch(`${instance}/oauth/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: "none",
        client_id: a.clientId,
        client_secret: a.clientSecret,
        redirect_uri: redirectUri,
      }),
    });
    expect(((await token.json()) as { error: string }).error).toBe("invalid_grant");
  });
});
