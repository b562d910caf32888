// Sandbox X media on posts (API v2): the media rules of POST /2/tweets (1–4 own, processed media
// ids; a video or GIF alone) and a post's attached media as GET /2/tweets/:id answers it. The
// upload itself is x-media-upload.ts; what X documents about media, x-media-rules.ts.
import type { Hono } from "hono";
import type { Env, Kit, ProviderModule } from "../kit.ts";
import type { PlatformObject, SandboxPost, Token } from "../state.ts";
import { registerXMediaUpload } from "./x-media-upload.ts";
import { DAY_S, asynchronous, kindOf, mediaKey, ownMedia, processingInfo, schemaError, upload, type AttachedMedia } from "./x-media-rules.ts";

export type XMediaRules = {
  /** POST /2/tweets: the refusal for `media`, or the media objects to attach */
  attach(media: unknown, token: Token): Response | PlatformObject[];
  /** records the attachment on the new post */
  attached(post: SandboxPost, objects: PlatformObject[]): void;
};

export function registerXMedia(app: Hono<Env>, kit: Kit, m: ProviderModule): XMediaRules {
  const { state } = kit;
  const own = (id: string, token: Token) => ownMedia(state, id, token);
  registerXMediaUpload(app, kit, m);

  // GET /2/tweets/:id with expansions=attachments.media_keys and media.fields (docs.x.com/x-api/posts/get-post-by-id;
  // the media object: docs.x.com/x-api/fundamentals/data-dictionary/reference#media).
  kit.route(
    app,
    m,
    "GET",
    "/x/api/2/tweets/:id",
    "tweets.lookup",
    (c) => {
      const id = c.req.param("id") ?? "";
      const post = state.post(id);
      if (!post || post.provider !== "x" || post.deleted)
        return c.json({
          errors: [
            {
              value: id,
              detail: `Could not find tweet with id: [${id}].`,
              title: "Not Found Error",
              resource_type: "tweet",
              parameter: "id",
              resource_id: id,
              type: "https://api.twitter.com/2/problems/resource-not-found",
            },
          ],
        });
      const q = c.req.query();
      const list = (v?: string) => (v ?? "").split(",").filter(Boolean);
      const expansions = list(q.expansions);
      const tweetFields = list(q["tweet.fields"]);
      const mediaFields = list(q["media.fields"]);
      const attached = (post.extra.media as AttachedMedia[] | undefined) ?? [];
      const withAttachments = attached.length > 0 && (expansions.includes("attachments.media_keys") || tweetFields.includes("attachments"));
      const includes = expansions.includes("attachments.media_keys") && attached.length > 0;
      return c.json({
        data: {
          id: post.id,
          text: post.text,
          edit_history_tweet_ids: [post.id],
          ...(tweetFields.includes("created_at") ? { created_at: post.createdAt } : {}),
          ...(tweetFields.includes("author_id") ? { author_id: post.profileId } : {}),
          ...(withAttachments ? { attachments: { media_keys: attached.map((a) => a.media_key) } } : {}),
        },
        ...(includes
          ? {
              includes: {
                media: attached.map((a) => ({
                  media_key: a.media_key,
                  type: a.type,
                  ...(mediaFields.includes("alt_text") && a.alt_text !== undefined ? { alt_text: a.alt_text } : {}),
                  ...(mediaFields.includes("duration_ms") && a.duration_ms !== undefined ? { duration_ms: a.duration_ms } : {}),
                })),
              },
            }
          : {}),
      });
    },
    [["tweet.read", "users.read"]],
  );

  return {
    attach(media, token) {
      const ids = (media as { media_ids?: unknown } | undefined)?.media_ids;
      if (!Array.isArray(ids) || ids.some((i) => typeof i !== "string" || !/^\d{1,19}$/.test(i)))
        return schemaError("media.media_ids", ids ?? null, "$.media.media_ids: string found, array expected");
      // CreatePostsMedia.media_ids: minItems 1, maxItems 4 (OpenAPI); X's words for it are these
      // (as reported in github.com/PLhery/node-twitter-api-v2/pull/539).
      if (ids.length < 1) return schemaError("media.media_ids", ids, "$.media.media_ids: there must be a minimum of 1 item in the array");
      if (ids.length > 4) return schemaError("media.media_ids", ids, "$.media.media_ids: there must be a maximum of 4 items in the array");
      const objects = ids.map((i) => own(i as string, token));
      // Unknown, foreign, unfinished, unprocessed or failed media, or a mix beyond "4 photos, 1 GIF
      // or 1 video": 400 "Your media IDs are invalid." (the answer X gives, e.g. github.com/PLhery/node-twitter-api-v2/issues/501).
      const refused = () => m.error("media", { message: "Your media IDs are invalid." });
      if (objects.some((o) => !o || !upload(o).finalized || o.failure || (asynchronous(o) && processingInfo(o)?.state !== "succeeded"))) return refused();
      const found = objects as PlatformObject[];
      if (found.some((o) => kindOf(o) === "subtitles" || Date.now() > o.createdAt + DAY_S * 1000)) return refused();
      if (found.length > 1 && found.some((o) => kindOf(o) !== "photo")) return refused();
      return found;
    },
    attached(post, objects) {
      post.media = objects.map((o) => ({ ...o.media!, type: kindOf(o) }));
      post.extra.media = objects.map((o): AttachedMedia => {
        const u = upload(o);
        u.postIds.push(post.id);
        const duration = kindOf(o) === "video" ? videoDurationMs(o) : undefined;
        return {
          media_key: mediaKey(o),
          type: kindOf(o),
          ...(u.altText !== undefined ? { alt_text: u.altText } : {}),
          ...(duration ? { duration_ms: duration } : {}),
        };
      });
      state.changed();
    },
  };

  function videoDurationMs(o: PlatformObject): number | undefined {
    return typeof o.data.durationMs === "number" ? o.data.durationMs : undefined;
  }
}
