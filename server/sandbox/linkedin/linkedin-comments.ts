// Sandbox LinkedIn comments: POST /rest/socialActions/{post urn}/comments {actor, object, message:
// {text}} → 201 with the comment (its URN, urn:li:comment:(target,id)), with w_member_social; GET
// lists a post's comments, with r_member_social.
//   https://learn.microsoft.com/linkedin/marketing/community-management/shares/comments-api
// Comments are kept on the post they belong to. Not simulated: comments on comments, mentions
// (message attributes), images in comments, edits and deletes.
import type { Hono } from "hono";
import type { Env, Kit, ProviderModule } from "../kit.ts";
import { numericId, type SandboxPost } from "../state.ts";
import { inputError, jsonBody, personUrn, postOf, restError, versionProblem } from "./linkedin-shared.ts";

type StoredComment = { id: string; actor: string; text: string; time: number };

const commentsOf = (post: SandboxPost) => (post.extra.comments ??= []) as StoredComment[];

function commentElement(target: string, c: StoredComment) {
  const urn = `urn:li:comment:(${target},${c.id})`;
  return {
    $URN: urn,
    commentUrn: urn,
    id: c.id,
    actor: c.actor,
    object: target,
    message: { text: c.text, attributes: [] },
    created: { actor: c.actor, time: c.time },
    lastModified: { actor: c.actor, time: c.time },
  };
}

export function registerLinkedInComments(app: Hono<Env>, kit: Kit, m: ProviderModule) {
  const { state } = kit;

  kit.route(
    app,
    m,
    "POST",
    "/linkedin/api/rest/socialActions/:urn/comments",
    "comments.create",
    async (c, token) => {
      const problem = versionProblem(c);
      if (problem) return problem;
      const target = c.req.param("urn") ?? ""; // Hono decodes the path parameter
      const post = postOf(state, target);
      if (!post) return restError(404, { code: "NOT_FOUND", message: `Not found: ${target}` });
      const body = await jsonBody<{ actor?: unknown; object?: unknown; message?: { text?: unknown } }>(c);
      if (typeof body?.actor !== "string")
        return inputError("FIELD_REQUIRED", "actor", "ERROR :: /actor :: field is required but not found and has no default value");
      if (body.actor !== personUrn(token.profileId)) return m.error("missing_scope", { message: `comment as ${body.actor}` });
      if (body.object !== undefined && body.object !== target) {
        return inputError("INVALID_VALUE", "object", `ERROR :: /object :: ${String(body.object)} is not the commented entity ${target}`);
      }
      const text = body.message?.text;
      if (typeof text !== "string" || text.trim() === "") {
        return inputError("FIELD_REQUIRED", "message/text", "ERROR :: /message/text :: field is required but not found and has no default value");
      }
      const comment: StoredComment = { id: numericId(), actor: body.actor, text, time: Date.now() };
      commentsOf(post).push(comment);
      post.metrics.replies = (post.metrics.replies ?? 0) + 1;
      state.changed();
      return c.json(commentElement(target, comment), 201, { "x-restli-id": comment.id });
    },
    [["w_member_social"]],
  );

  kit.route(
    app,
    m,
    "GET",
    "/linkedin/api/rest/socialActions/:urn/comments",
    "comments.list",
    (c) => {
      const problem = versionProblem(c);
      if (problem) return problem;
      const target = c.req.param("urn") ?? "";
      const post = postOf(state, target);
      if (!post) return restError(404, { code: "NOT_FOUND", message: `Not found: ${target}` });
      const start = Number(c.req.query("start") ?? 0);
      const count = Number(c.req.query("count") ?? 10);
      if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > 100) {
        return m.error("invalid_request", { message: "start must be ≥ 0 and count between 1 and 100" });
      }
      const all = commentsOf(post);
      return c.json({
        paging: { start, count, total: all.length, links: [] },
        elements: all.slice(start, start + count).map((x) => commentElement(target, x)),
      });
    },
    [["r_member_social"]],
  );
}
