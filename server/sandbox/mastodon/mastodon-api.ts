// The REST API of a sandbox Mastodon instance: the account (verify_credentials), the instance and
// its limits (GET /api/v2/instance), media (POST /api/v2/media, GET/PUT /api/v1/media/:id),
// statuses (create with Idempotency-Key, get, delete) and an account's statuses with Link paging.
// Each route's page on docs.joinmastodon.org is cited in documented-routes.ts.
import crypto from "node:crypto";
import type { Hono } from "hono";
import { bearer, type Ctx, type Env, type Kit, type ProviderModule } from "../kit.ts";
import type { PlatformObject, SandboxPost, Token } from "../state.ts";
import {
  accountEntity,
  credentialAccountEntity,
  instanceUrl,
  mediaEntity,
  statusEntity,
  type MastodonApp,
  type MastodonMedia,
  type StatusExtra,
} from "./entities.ts";
import { instanceEntity, limitsOf } from "./instances.ts";
import { mastodonError } from "./mastodon-errors.ts";
import { fieldsOf } from "./mastodon-oauth.ts";
import { statusLength } from "./text-length.ts";

/** Mastodon keeps an Idempotency-Key for an hour (https://docs.joinmastodon.org/methods/statuses/#create). */
export const IDEMPOTENCY_WINDOW_MS = 3600_000;
const visibilities = ["public", "unlisted", "private", "direct"] as const;

/** A granted scope covers itself and, for read/write, every read:x / write:x. */
const hasScope = (token: Token, ...wanted: string[]) => wanted.some((w) => token.scopes.includes(w) || token.scopes.includes(w.split(":")[0]!));
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const truthy = (v: string | undefined) => v === "true" || v === "1" || v === "on";

export function registerMastodonApi(app: Hono<Env>, kit: Kit, m: ProviderModule) {
  const { state } = kit;
  const instanceOf = (c: Ctx) => c.req.param("instance")!;
  /** A token works only on the instance whose app it was issued to. */
  const appInstance = (token: Token) => (state.object(token.clientId)?.data as MastodonApp | undefined)?.instance;
  const foreign = (c: Ctx, token: Token) => appInstance(token) !== instanceOf(c);
  const outOfScope = () => m.error("missing_scope");
  const statusesOf = (profileId: string, instance: string) =>
    state.posts({ provider: "mastodon", profileId }).filter((p) => !p.deleted && (p.extra as unknown as StatusExtra).instance === instance);
  const findStatus = (id: string, instance: string): SandboxPost | undefined => {
    const p = state.post(id);
    return p && p.provider === "mastodon" && !p.deleted && (p.extra as unknown as StatusExtra).instance === instance ? p : undefined;
  };
  const media = (id: string) => state.object(id);
  const render = (post: SandboxPost, withSource = false) => {
    const x = post.extra as unknown as StatusExtra;
    const author = state.profile(post.profileId)!;
    const parent = post.replyTo ? state.post(post.replyTo) : undefined;
    return statusEntity(post, {
      account: accountEntity(author, x.instance, statusesOf(author.id, x.instance).length),
      media: x.mediaIds.map((id) => mediaEntity(media(id)!, kit.baseUrl, true)),
      replyToAccountId: parent?.profileId ?? null,
      withSource,
    });
  };
  /** The viewer of a public read: nobody, or the holder of a valid token (a bad token is refused, as Doorkeeper does). */
  const viewer = (c: Ctx): Token | null | Response => {
    const presented = bearer(c);
    if (!presented) return null;
    const check = state.checkToken("mastodon", presented);
    if (typeof check === "string" || foreign(c, check)) return m.error("invalid_token");
    return check;
  };

  kit.route(app, m, "GET", "/mastodon/:instance/api/v1/accounts/verify_credentials", "accounts.verify_credentials", (c, token) => {
    if (foreign(c, token)) return m.error("invalid_token");
    if (!hasScope(token, "profile", "read:accounts")) return outOfScope();
    const p = state.profile(token.profileId)!;
    return c.json(credentialAccountEntity(p, instanceOf(c), statusesOf(p.id, instanceOf(c)).length));
  });

  kit.open(app, m, "GET", "/mastodon/:instance/api/v2/instance", "instance.v2", (c) => c.json(instanceEntity(instanceOf(c), instanceUrl(instanceOf(c)))));

  // ---- media
  kit.route(app, m, "POST", "/mastodon/:instance/api/v2/media", "media.create", async (c, token) => {
    if (foreign(c, token)) return m.error("invalid_token");
    if (!hasScope(token, "write:media")) return outOfScope();
    const limits = limitsOf(instanceOf(c));
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File) || file.size === 0) return mastodonError(422, "Validation failed: File can't be blank");
    const type = file.type.split(";")[0]!.trim().toLowerCase();
    if (!limits.supportedMimeTypes.includes(type)) return mastodonError(422, "Validation failed: File content type is invalid, File is invalid");
    const kind: MastodonMedia["kind"] = type.startsWith("video/") ? "video" : type.startsWith("audio/") ? "audio" : type === "image/gif" ? "gifv" : "image";
    const limit = kind === "image" ? limits.imageSizeLimit : limits.videoSizeLimit;
    if (file.size > limit) return mastodonError(422, `Validation failed: File file size must be less than ${Math.round(limit / 1024 / 1024)} MB`);
    const description = typeof body.description === "string" ? body.description : null;
    if (description && description.length > 1500) return mastodonError(422, "Validation failed: Description is too long (maximum is 1500 characters)");
    const fault = kit.processingFault("mastodon", "media.create", token.profileId);
    if (fault.failure) return mastodonError(422, "Validation failed: File could not be processed");
    const bytes = Buffer.from(await file.arrayBuffer());
    const blob = {
      size: bytes.length,
      sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
      contentType: type,
      head: bytes.subarray(0, 16).toString("hex"),
    };
    // Images are processed while the request waits (200); video, audio and GIFs afterwards (202, url null).
    const later = kind !== "image" || fault.processingMs !== undefined;
    const data: MastodonMedia = { instance: instanceOf(c), kind, description, ext: type.split("/")[1]!.replace("quicktime", "mov").replace("jpeg", "jpg") };
    const o = state.addObject({
      provider: "mastodon",
      profileId: token.profileId,
      type: "media",
      data,
      media: blob,
      processingMs: later ? (fault.processingMs ?? state.processingMs) : 0,
    });
    const ready = state.objectReady(o);
    return c.json(mediaEntity(o, kit.baseUrl, ready), ready ? 200 : 202);
  });

  /** The caller's own attachment not yet attached to a status (Mastodon finds no other). */
  const ownMedia = (c: Ctx, token: Token): PlatformObject | undefined => {
    const o = media(c.req.param("id") ?? "");
    const d = o?.data as MastodonMedia | undefined;
    return o && o.provider === "mastodon" && o.type === "media" && o.profileId === token.profileId && d!.instance === instanceOf(c) && !d!.statusId
      ? o
      : undefined;
  };

  kit.route(app, m, "GET", "/mastodon/:instance/api/v1/media/:id", "media.get", (c, token) => {
    if (foreign(c, token)) return m.error("invalid_token");
    if (!hasScope(token, "write:media")) return outOfScope();
    const o = ownMedia(c, token);
    if (!o) return m.error("not_found");
    const ready = state.objectReady(o);
    return c.json(mediaEntity(o, kit.baseUrl, ready), ready ? 200 : 206);
  });

  kit.route(app, m, "PUT", "/mastodon/:instance/api/v1/media/:id", "media.update", async (c, token) => {
    if (foreign(c, token)) return m.error("invalid_token");
    if (!hasScope(token, "write:media")) return outOfScope();
    const o = ownMedia(c, token);
    if (!o) return m.error("not_found");
    const f = await fieldsOf(c);
    const description = one(f.description);
    if (description !== undefined) {
      if (description.length > 1500) return mastodonError(422, "Validation failed: Description is too long (maximum is 1500 characters)");
      (o.data as MastodonMedia).description = description || null;
      state.changed();
    }
    const ready = state.objectReady(o);
    return c.json(mediaEntity(o, kit.baseUrl, ready), ready ? 200 : 206);
  });

  // ---- statuses
  kit.route(app, m, "POST", "/mastodon/:instance/api/v1/statuses", "statuses.create", async (c, token) => {
    if (foreign(c, token)) return m.error("invalid_token");
    if (!hasScope(token, "write:statuses")) return outOfScope();
    const instance = instanceOf(c);
    const profile = state.profile(token.profileId)!;
    // The same key from the same account within the hour answers the status it created, before anything else is checked.
    const key = c.req.header("idempotency-key");
    if (key) {
      const earlier = state
        .posts({ provider: "mastodon", profileId: profile.id })
        .find((p) => (p.extra as unknown as StatusExtra).idempotencyKey === key && Date.now() - Date.parse(p.createdAt) < IDEMPOTENCY_WINDOW_MS);
      if (earlier) return c.json(render(earlier));
    }
    const f = await fieldsOf(c);
    const limits = limitsOf(instance);
    const text = one(f.status) ?? "";
    const spoilerText = one(f.spoiler_text) ?? "";
    const mediaIds = (Array.isArray(f.media_ids) ? f.media_ids : one(f.media_ids) ? [one(f.media_ids)!] : []).filter(Boolean);
    if (!text.trim() && mediaIds.length === 0) return mastodonError(422, "Validation failed: Text can't be blank");
    const visibility = (one(f.visibility) || "public") as StatusExtra["visibility"];
    if (!visibilities.includes(visibility)) return mastodonError(422, "Validation failed: Visibility is not included in the list");
    if (statusLength(text, spoilerText, limits.charactersReservedPerUrl) > limits.maxCharacters)
      return mastodonError(422, `Validation failed: Text character limit of ${limits.maxCharacters} exceeded`);
    const replyTo = one(f.in_reply_to_id) || undefined;
    if (replyTo && !findStatus(replyTo, instance)) return mastodonError(404, "The post you are trying to reply to does not appear to exist.");
    if (mediaIds.length > limits.maxMediaAttachments) return mastodonError(422, `Cannot attach more than ${limits.maxMediaAttachments} files`);
    const attachments = mediaIds.map((id) => media(id));
    const missing = mediaIds.filter((id, i) => {
      const o = attachments[i];
      return (
        !o ||
        o.provider !== "mastodon" ||
        o.type !== "media" ||
        o.profileId !== profile.id ||
        (o.data as MastodonMedia).instance !== instance ||
        (o.data as MastodonMedia).statusId
      );
    });
    if (missing.length > 0) return mastodonError(422, `Media with IDs ${missing.join(", ")} not found`);
    if (attachments.some((o) => !state.objectReady(o!)))
      return mastodonError(422, "Cannot attach files that have not finished processing. Try again in a moment!");
    const kinds = attachments.map((o) => (o!.data as MastodonMedia).kind);
    if (kinds.length > 1 && kinds.some((k) => k !== "image")) return mastodonError(422, "Cannot attach a video to a post that already contains images");
    const language = one(f.language)?.toLowerCase();
    const clientApp = state.object(token.clientId)!.data as MastodonApp;
    const extra: StatusExtra = {
      instance,
      visibility,
      spoilerText,
      // A content warning marks the media sensitive too.
      sensitive: truthy(one(f.sensitive)) || spoilerText.length > 0,
      language: language && /^[a-z]{2,3}$/.test(language) ? language : null,
      ...(key ? { idempotencyKey: key } : {}),
      mediaIds,
      application: { name: clientApp.name, website: clientApp.website },
    };
    const post = state.addPost({
      provider: "mastodon",
      profileId: profile.id,
      username: profile.username,
      kind: replyTo ? "reply" : "post",
      text,
      replyTo,
      media: attachments.map((o) => ({ ...o!.media!, type: (o!.data as MastodonMedia).kind === "image" ? "image" : "video" })),
      extra: extra as unknown as Record<string, unknown>,
      permalink: (id) => `${instanceUrl(instance)}/@${profile.username}/${id}`,
    });
    for (const o of attachments) (o!.data as MastodonMedia).statusId = post.id;
    state.changed();
    return c.json(render(post));
  });

  kit.open(app, m, "GET", "/mastodon/:instance/api/v1/statuses/:id", "statuses.get", (c) => {
    const who = viewer(c);
    if (who instanceof Response) return who;
    const post = findStatus(c.req.param("id") ?? "", instanceOf(c));
    const x = post?.extra as unknown as StatusExtra | undefined;
    if (!post || (["private", "direct"].includes(x!.visibility) && who?.profileId !== post.profileId)) return m.error("not_found");
    return c.json(render(post));
  });

  // Answers the deleted status with its source text, for "delete and redraft".
  kit.route(app, m, "DELETE", "/mastodon/:instance/api/v1/statuses/:id", "statuses.delete", (c, token) => {
    if (foreign(c, token)) return m.error("invalid_token");
    if (!hasScope(token, "write:statuses")) return outOfScope();
    const post = findStatus(c.req.param("id") ?? "", instanceOf(c));
    if (!post || post.profileId !== token.profileId) return m.error("not_found");
    post.deleted = true;
    state.changed();
    return c.json(render(post, true));
  });

  kit.open(app, m, "GET", "/mastodon/:instance/api/v1/accounts/:id/statuses", "accounts.statuses", (c) => {
    const who = viewer(c);
    if (who instanceof Response) return who;
    const instance = instanceOf(c);
    const account = state.profile(c.req.param("id") ?? "");
    if (!account || account.provider !== "mastodon") return m.error("not_found");
    const q = c.req.query();
    const limit = Math.min(40, Math.max(1, Number(q.limit) || 20));
    const before = (id: string, bound?: string) => !bound || BigInt(id) < BigInt(bound);
    const after = (id: string, bound?: string) => !bound || BigInt(id) > BigInt(bound);
    if ([q.max_id, q.since_id, q.min_id].some((v) => v !== undefined && !/^\d+$/.test(v))) return m.error("not_found");
    let list = statusesOf(account.id, instance)
      .filter((p) => who?.profileId === account.id || ["public", "unlisted"].includes((p.extra as unknown as StatusExtra).visibility))
      .filter((p) => !(truthy(q.exclude_replies) && p.replyTo) && !(truthy(q.only_media) && p.media.length === 0))
      .filter((p) => before(p.id, q.max_id) && after(p.id, q.since_id) && after(p.id, q.min_id));
    // min_id pages forward from the oldest side; the others page back from the newest.
    list = q.min_id ? list.slice(0, limit).reverse() : list.reverse().slice(0, limit);
    if (list.length > 0) {
      const url = new URL(c.req.url);
      const link = (rel: string, name: string, id: string) => {
        const u = new URL(`${kit.baseUrl}${url.pathname}`);
        u.searchParams.set("limit", String(limit));
        u.searchParams.set(name, id);
        return `<${u}>; rel="${rel}"`;
      };
      c.header("link", `${link("next", "max_id", list.at(-1)!.id)}, ${link("prev", "min_id", list[0]!.id)}`);
    }
    return c.json(list.map((p) => render(p)));
  });
}
