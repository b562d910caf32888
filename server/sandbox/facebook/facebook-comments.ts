// Sandbox Facebook comments on a Page's posts (https://developers.facebook.com/docs/graph-api/reference/object/comments):
// POST /{object-id}/comments with `message` and the Page token comments as the Page and answers
// {id}; GET /{object-id}/comments lists them (created_time, from, message, id by default). Making
// comments needs pages_manage_engagement; reading them pages_read_engagement.
import type { Hono } from "hono";
import { params, type Env, type Kit, type ProviderModule } from "../kit.ts";
import { numericId, type SandboxPost } from "../state.ts";
import { fieldNames } from "./facebook-reads.ts";
import { graphTime, pageAccess } from "./facebook-shared.ts";

type FbComment = { id: string; message: string; createdAt: string; from: { id: string; name: string } };

const commentFields = ["id", "message", "created_time", "from", "like_count", "comment_count", "can_remove", "permalink_url"];

export function registerFacebookComments(app: Hono<Env>, kit: Kit, m: ProviderModule) {
  const { state } = kit;
  const notFound = (id: string, verb: string) =>
    m.error("not_found", {
      message: `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    });
  /** The Page post an id names: the post itself, or the post a photo or video became. */
  const postOf = (id: string, profileId: string): SandboxPost | undefined => {
    const object = state.object(id);
    const postId = object && object.provider === "facebook" ? (object.data.postId as string | undefined) : id;
    const post = postId ? state.post(postId) : undefined;
    return post && post.provider === "facebook" && post.profileId === profileId && !post.deleted ? post : undefined;
  };
  const commentsOf = (post: SandboxPost) => (post.extra.comments ??= []) as FbComment[];

  kit.route(
    app,
    m,
    "POST",
    "/facebook/graph/:version/:id/comments",
    "object.comments.create",
    async (c, token) => {
      const id = c.req.param("id") ?? "";
      const post = postOf(id, token.profileId);
      if (!post) return notFound(id, "post");
      const access = pageAccess(kit, token, String(post.extra.pageId), false);
      if ("denied" in access) return access.denied;
      const message = (await params(c)).message ?? "";
      if (message.trim() === "") return m.error("invalid_request", { message: "(#100) The parameter message is required" });
      const comment: FbComment = {
        // Graph's comment ids: "{post}_{comment}", the post part without the Page prefix.
        id: `${post.id.split("_").at(-1)}_${numericId()}`,
        message,
        createdAt: new Date().toISOString(),
        from: { id: access.page.id, name: access.page.name },
      };
      commentsOf(post).push(comment);
      post.metrics.replies = (post.metrics.replies ?? 0) + 1;
      state.changed();
      return c.json({ id: comment.id });
    },
    [["pages_manage_engagement"]],
  );

  kit.route(
    app,
    m,
    "GET",
    "/facebook/graph/:version/:id/comments",
    "object.comments.list",
    (c, token) => {
      const id = c.req.param("id") ?? "";
      const post = postOf(id, token.profileId);
      if (!post) return notFound(id, "get");
      const fields = fieldNames(c.req.query("fields") || "created_time,from,message,id");
      const unknown = fields.find((f) => !commentFields.includes(f));
      if (unknown) return m.error("invalid_request", { message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (Comment)` });
      const node = (x: FbComment): Record<string, unknown> => ({
        id: x.id,
        message: x.message,
        created_time: graphTime(x.createdAt),
        from: x.from,
        like_count: 0,
        comment_count: 0,
        can_remove: true,
        permalink_url: `${post.permalink}?comment_id=${x.id.split("_").at(-1)}`,
      });
      const data = commentsOf(post).map((x) => Object.fromEntries(["id", ...fields].map((f) => [f, node(x)[f]])));
      return c.json({ data });
    },
    [["pages_read_engagement"]],
  );
}
