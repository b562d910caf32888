// The Mastodon sandbox driven by an independent client, megalodon (10.0.5: the newest line that
// runs on Node 20), as any Mastodon app would: register an app, sign in through the consent page,
// read the instance's limits, upload media with a description, post with an Idempotency-Key twice
// (one status), reply to make a thread, read the account's statuses back, delete. Also what
// megalodon does not do: PKCE, a revoked token, Mastodon's character count.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Mastodon, type Entity } from "megalodon";
import { describe, expect, it } from "vitest";
import { sandboxUrl } from "../../testing/platform-fixtures.ts";
import { createPkce } from "../../platforms/pkce.ts";
import { consentHeadlessly } from "../headless-consent.ts";

const redirect = "http://127.0.0.1:9/callback";
const scopes = ["read", "write:statuses", "write:media", "profile"];
const instanceBase = (domain = "social.example") => `${sandboxUrl()}/mastodon/${domain}`;

type Registered = { clientId: string; clientSecret: string; base: string };

async function register(domain?: string): Promise<Registered> {
  const base = instanceBase(domain);
  const app = await new Mastodon(base).createApp("Posteady test", { scopes, redirect_uris: redirect, website: "https://posteady.example" });
  return { clientId: app.client_id, clientSecret: app.client_secret, base };
}

async function signIn(domain?: string) {
  const app = await register(domain);
  const client = new Mastodon(app.base);
  // megalodon resolves /oauth/authorize against the origin (real instances live at one); the
  // sandbox's live under a path, so the path goes back in front. Its API calls append to the base.
  const authorize = new URL(await client.generateAuthUrl(app.clientId, app.clientSecret, { scope: scopes, redirect_uri: redirect }));
  authorize.pathname = new URL(app.base).pathname + authorize.pathname;
  const back = await consentHeadlessly(authorize.toString(), { username: `md_${crypto.randomBytes(3).toString("hex")}` });
  const token = await client.fetchAccessToken(app.clientId, app.clientSecret, back.searchParams.get("code")!, redirect);
  return { app, token: token.access_token, client: new Mastodon(app.base, token.access_token) };
}

function tempFile(name: string, bytes: number): string {
  const file = path.join(os.tmpdir(), `md-${process.pid}-${crypto.randomBytes(3).toString("hex")}-${name}`);
  fs.writeFileSync(file, crypto.randomBytes(bytes));
  return file;
}

const errorOf = async (p: Promise<unknown>) => {
  const err = (await p.then(
    () => undefined,
    (e: unknown) => e,
  )) as { response?: { status: number; data: unknown } } | undefined;
  expect(err?.response, "the call should fail").toBeDefined();
  return err!.response!;
};

describe("Mastodon sandbox with megalodon", () => {
  it("registers an app, signs in, reads the account and the instance's limits", async () => {
    const { client, app, token } = await signIn();
    const me = (await client.verifyAccountCredentials()).data;
    expect(me.username).toMatch(/^md_/);
    expect(me.url).toBe(`https://social.example/@${me.username}`);
    const instance = (
      await client.client.get<{ configuration: { statuses: Record<string, number>; media_attachments: Record<string, unknown> } }>("/api/v2/instance")
    ).data;
    expect(instance.configuration.statuses).toEqual({ max_characters: 500, max_media_attachments: 4, characters_reserved_per_url: 23 });
    expect(instance.configuration.media_attachments.supported_mime_types).toContain("image/jpeg");
    // another instance, other limits
    const long = (await new Mastodon(instanceBase("long.example")).client.get<typeof instance>("/api/v2/instance")).data;
    expect(long.configuration.statuses.max_characters).toBe(5000);
    // a token works only on the instance that issued it
    const elsewhere = new Mastodon(instanceBase("other.example"), token);
    expect((await errorOf(elsewhere.verifyAccountCredentials())).status).toBe(401);
    expect(app.clientSecret).toBeTruthy();
  });

  it("posts media with a description and an Idempotency-Key twice as one status, threads, reads and deletes", async () => {
    const { client } = await signIn();
    const image = await client.uploadMedia(fs.createReadStream(tempFile("photo.png", 2048)), { description: "A red kite over the hills" });
    expect(image.status).toBe(200);
    const video = await client.uploadMedia(fs.createReadStream(tempFile("clip.mp4", 4096)));
    expect(video.status).toBe(202);
    expect((video.data as Entity.AsyncAttachment).url).toBeNull();
    expect((await client.getMedia(video.data.id)).status).toBe(206);
    await new Promise((r) => setTimeout(r, 400));
    const processed = await client.getMedia(video.data.id);
    expect(processed.status).toBe(200);
    expect(processed.data.url).toMatch(/^http/);
    const updated = await client.updateMedia(image.data.id, { description: "A red kite over the Chilterns" });
    expect(updated.data.description).toBe("A red kite over the Chilterns");

    // Idempotency-Key through megalodon's own HTTP client (postStatus does not send headers)
    const key = crypto.randomUUID();
    const body = {
      status: "Kites at dawn https://example.com/kites",
      media_ids: [image.data.id],
      visibility: "unlisted",
      spoiler_text: "birds",
      language: "en",
    };
    const first = await client.client.post<Entity.Status>("/api/v1/statuses", body, { "Idempotency-Key": key });
    const again = await client.client.post<Entity.Status>("/api/v1/statuses", body, { "Idempotency-Key": key });
    expect(again.data.id).toBe(first.data.id);
    expect(first.data.visibility).toBe("unlisted");
    expect(first.data.spoiler_text).toBe("birds");
    expect(first.data.sensitive).toBe(true);
    expect(first.data.language).toBe("en");
    expect(first.data.media_attachments.map((m: Entity.Attachment) => m.description)).toEqual(["A red kite over the Chilterns"]);
    // an attached medium is no longer the client's to edit or reuse
    expect((await errorOf(client.getMedia(image.data.id))).status).toBe(404);

    const reply = (await client.postStatus("…and at dusk", { in_reply_to_id: first.data.id })).data as Entity.Status;
    expect(reply.in_reply_to_id).toBe(first.data.id);
    const me = (await client.verifyAccountCredentials()).data;
    const listed = (await client.getAccountStatuses(me.id)).data;
    expect(listed.map((s) => s.id)).toEqual([reply.id, first.data.id]);
    // megalodon's entity drops quotes_count (Mastodon 4.5): read the raw answer for the counters
    const raw = (await client.client.get<Record<string, unknown>[]>(`/api/v1/accounts/${me.id}/statuses`)).data;
    for (const s of raw) {
      for (const name of ["favourites_count", "reblogs_count", "replies_count", "quotes_count"]) expect(s[name]).toBeTypeOf("number");
    }
    // deleting answers the status with its source text (for "delete and redraft"), which megalodon's entity drops
    const deleted = await client.client.del<{ id: string; text: string }>(`/api/v1/statuses/${reply.id}`);
    expect(deleted.data).toMatchObject({ id: reply.id, text: "…and at dusk" });
    expect((await client.getAccountStatuses(me.id)).data.map((s) => s.id)).toEqual([first.data.id]);
    expect((await errorOf(client.getStatus(reply.id))).status).toBe(404);
  });

  it("counts text as Mastodon does and refuses beyond max_characters with Mastodon's error", async () => {
    const { client } = await signIn();
    const url = `https://example.com/${"a".repeat(200)}`;
    // 477 characters plus a URL counted as 23: exactly 500
    const fits = await client.postStatus(`${"x".repeat(476)} ${url}`, {});
    expect(fits.status).toBe(200);
    const over = await errorOf(client.postStatus("x".repeat(501), {}));
    expect(over).toMatchObject({ status: 422, data: { error: "Validation failed: Text character limit of 500 exceeded" } });
    // the content warning counts too
    expect((await errorOf(client.postStatus("x".repeat(490), { spoiler_text: "y".repeat(11) }))).status).toBe(422);
    // emoji are one character each (grapheme clusters)
    expect((await client.postStatus("👩‍👩‍👧‍👦".repeat(500), {})).status).toBe(200);
  });

  it("needs PKCE's verifier when the authorization asked with a challenge, and answers 401 to a revoked token", async () => {
    const app = await register();
    const pkce = createPkce();
    const authorize = new URL(`${app.base}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: app.clientId,
      redirect_uri: redirect,
      scope: scopes.join(" "),
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
      state: "s1",
    }))
      authorize.searchParams.set(k, v);
    const token = async (verifier: string) => {
      const back = await consentHeadlessly(authorize.toString());
      expect(back.searchParams.get("state")).toBe("s1");
      return fetch(`${app.base}/oauth/token`, {
        method: "POST",
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: back.searchParams.get("code")!,
          client_id: app.clientId,
          client_secret: app.clientSecret,
          redirect_uri: redirect,
          code_verifier: verifier,
        }),
      });
    };
    const wrong = await token("not-the-verifier");
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe("invalid_grant");
    const right = await token(pkce.verifier);
    const { access_token, scope } = (await right.json()) as { access_token: string; scope: string };
    expect(scope).toBe(scopes.join(" "));
    const client = new Mastodon(app.base, access_token);
    await client.verifyAccountCredentials();
    await new Mastodon(app.base).revokeToken(app.clientId, app.clientSecret, access_token);
    const refused = await errorOf(client.verifyAccountCredentials());
    expect(refused.status).toBe(401);
    expect(refused.data).toEqual({ error: "The access token is invalid" });
  });
});
