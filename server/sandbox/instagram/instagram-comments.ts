// Sandbox Instagram comments on the account's own media
// (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-media/comments):
// POST /{ig-media-id}/comments?message=… answers {id}; GET /{ig-media-id}/comments lists the
// comments, by default as {timestamp, text, id}. Instagram Login needs instagram_business_basic
// and instagram_business_manage_comments for both.
import type { Hono } from "hono";
import { params, type Env, type Kit, type ProviderModule } from "../kit.ts";
import { numericId, type SandboxPost } from "../state.ts";
import { invalid, metaError } from "./instagram-media.ts";

type IgComment = { id: string; text: string; timestamp: string; username: string; userId: string };

const commentFields = ["id", "text", "timestamp", "username", "from", "like_count", "hidden", "media"];

const noMedia = (id: string, verb: string) =>
  metaError({
    code: 100,
    subcode: 33,
    message: `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  });

export function registerInstagramComments(app: Hono<Env>, kit: Kit, m: ProviderModule, base: string) {
  const { state } = kit;
  const scopes = [["instagram_business_basic", "instagram_business_manage_comments"]];
  const ownMedia = (id: string, profileId: string): SandboxPost | undefined => {
    const post = state.post(id);
    return post && post.provider === "instagram" && post.profileId === profileId && !post.deleted ? post : undefined;
  };
  const commentsOf = (post: SandboxPost) => (post.extra.comments ??= []) as IgComment[];

  kit.route(
    app,
    m,
    "POST",
    `${base}/:mediaId/comments`,
    "media.comments.create",
    async (c, token) => {
      const id = c.req.param("mediaId") ?? "";
      const post = ownMedia(id, token.profileId);
      if (!post) return noMedia(id, "post");
      // Stories take no comments; the reference's one limitation is live video, which the sandbox has none of.
      if (post.kind === "STORIES") return invalid("Comments are not supported on this media");
      const message = (await params(c)).message ?? "";
      if (message.trim() === "") return invalid("The parameter message is required");
      const profile = state.profile(token.profileId)!;
      const comment: IgComment = { id: numericId(), text: message, timestamp: new Date().toISOString(), username: profile.username, userId: profile.id };
      commentsOf(post).push(comment);
      post.metrics.replies = (post.metrics.replies ?? 0) + 1;
      state.changed();
      return c.json({ id: comment.id });
    },
    scopes,
  );

  kit.route(
    app,
    m,
    "GET",
    `${base}/:mediaId/comments`,
    "media.comments.list",
    (c, token) => {
      const id = c.req.param("mediaId") ?? "";
      const post = ownMedia(id, token.profileId);
      if (!post) return noMedia(id, "get");
      const fields = (c.req.query("fields") || "timestamp,text,id")
        .split(",")
        .map((f) => f.trim())
        .filter(Boolean);
      const unknown = fields.find((f) => !commentFields.includes(f));
      if (unknown) return invalid(`Tried accessing nonexisting field (${unknown}) on node type (IGComment)`);
      const node = (x: IgComment): Record<string, unknown> => ({
        id: x.id,
        text: x.text,
        timestamp: new Date(x.timestamp).toISOString().replace(/\.\d{3}Z$/, "+0000"),
        username: x.username,
        from: { id: x.userId, username: x.username },
        like_count: 0,
        hidden: false,
        media: { id: post.id },
      });
      const data = commentsOf(post).map((x) => Object.fromEntries(fields.map((f) => [f, node(x)[f]])));
      return c.json({ data });
    },
    scopes,
  );
}
