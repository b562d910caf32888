// Sandbox Facebook reads: any node by id (posts, videos with their status, photos) with
// Graph's `fields` selection, post insights, the Page's published_posts with cursor paging,
// and deleting a post.
import type { Hono } from "hono";
import type { Env, Kit, ProviderModule } from "../kit.ts";
import type { PlatformObject, SandboxPost } from "../state.ts";
import { settleVideo, videoData, videoStatus } from "./facebook-media.ts";
import { graphTime, pageAccess } from "./facebook-shared.ts";

type Fields = Record<string, () => unknown>;

/** Top-level names of a Graph `fields` value: "a,b.summary(true),c{d,e}" → [a, b, c]. */
export function fieldNames(value: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of value) {
    if (ch === "(" || ch === "{") depth++;
    if (ch === ")" || ch === "}") depth--;
    if (ch === "," && depth === 0) {
      names.push(current);
      current = "";
    } else current += ch;
  }
  names.push(current);
  return names.map((n) => /^[a-z_]+/.exec(n.trim())?.[0] ?? "").filter(Boolean);
}

/** The requested fields of a node (id always), or the name of one it does not have. */
function select(all: Fields, requested: string[]): Record<string, unknown> | { missing: string } {
  const missing = requested.find((n) => !(n in all));
  if (missing) return { missing };
  const out: Record<string, unknown> = { id: all.id!() };
  for (const name of requested) {
    const value = all[name]!();
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function postFields(p: SandboxPost): Fields {
  return {
    id: () => p.id,
    message: () => p.text || undefined,
    created_time: () => graphTime(p.createdAt),
    permalink_url: () => p.permalink,
    // Graph leaves `shares` out when nobody has shared the post.
    shares: () => ((p.metrics.shares ?? 0) > 0 ? { count: p.metrics.shares } : undefined),
    reactions: () => ({ data: [], summary: { total_count: p.metrics.likes, viewer_reaction: "NONE" } }),
    comments: () => ({ data: [], summary: { order: "ranked", total_count: p.metrics.replies, can_comment: true } }),
    attachments: () => (p.extra.attachment ? { data: [p.extra.attachment] } : undefined),
  };
}

function objectFields(kit: Kit, o: PlatformObject): Fields {
  if (o.type === "photo") {
    return {
      id: () => o.id,
      created_time: () => graphTime(o.createdAt),
      name: () => (o.data.caption as string) || undefined,
      link: () => `https://www.facebook.com/photo/?fbid=${o.id}`,
    };
  }
  const d = videoData(o);
  const post = d.postId ? kit.state.post(d.postId) : undefined;
  return {
    id: () => o.id,
    created_time: () => graphTime(o.createdAt),
    description: () => d.description || undefined,
    status: () => videoStatus(kit, o),
    // Video permalinks are relative, as Graph answers them.
    permalink_url: () => (d.flow === "reel" ? `/reel/${o.id}` : post ? new URL(post.permalink).pathname : `/${d.pageId}/videos/${o.id}`),
  };
}

const cursor = {
  encode: (postId: string) => Buffer.from(postId).toString("base64url"),
  decode: (value: string) => Buffer.from(value, "base64url").toString(),
};

export function registerFacebookReads(app: Hono<Env>, kit: Kit, m: ProviderModule) {
  const { state } = kit;
  const notFound = (id: string) =>
    m.error("not_found", {
      message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    });
  const ownPost = (id: string, profileId: string) => {
    const post = state.post(id);
    return post && post.provider === "facebook" && !post.deleted && post.profileId === profileId ? post : undefined;
  };
  const nonexisting = (field: string, node: string) =>
    m.error("invalid_request", { message: `(#100) Tried accessing nonexisting field (${field}) on node type (${node})` });

  kit.route(
    app,
    m,
    "GET",
    "/facebook/graph/:version/:id",
    "object.get",
    (c, token) => {
      const id = c.req.param("id") ?? "";
      const requested = fieldNames(c.req.query("fields") ?? "id");
      const post = ownPost(id, token.profileId);
      const object = state.object(id);
      let fields: Fields;
      let node: string;
      if (post) [fields, node] = [postFields(post), "Post"];
      else if (object && object.provider === "facebook" && object.profileId === token.profileId) {
        if (object.type !== "photo") settleVideo(kit, object);
        [fields, node] = [objectFields(kit, object), object.type === "photo" ? "Photo" : "Video"];
      } else return notFound(id);
      const selected = select(fields, requested);
      return "missing" in selected ? nonexisting(String(selected.missing), node) : c.json(selected);
    },
    [["pages_read_engagement"], ["pages_manage_posts"]],
  );

  kit.route(
    app,
    m,
    "DELETE",
    "/facebook/graph/:version/:id",
    "object.delete",
    (c, token) => {
      const post = ownPost(c.req.param("id") ?? "", token.profileId);
      if (!post) return notFound(c.req.param("id") ?? "");
      const access = pageAccess(kit, token, String(post.extra.pageId), true);
      if ("denied" in access) return access.denied;
      post.deleted = true;
      state.changed();
      return c.json({ success: true });
    },
    [["pages_manage_posts"]],
  );

  kit.route(
    app,
    m,
    "GET",
    "/facebook/graph/:version/:id/insights",
    "object.insights",
    (c, token) => {
      const post = ownPost(c.req.param("id") ?? "", token.profileId);
      if (!post) return notFound(c.req.param("id") ?? "");
      const values: Record<string, unknown> = {
        post_media_view: post.metrics.views,
        post_total_media_view_unique: post.metrics.reach,
        post_reactions_by_type_total: { like: post.metrics.likes },
      };
      const metrics = (c.req.query("metric") ?? "").split(",").filter(Boolean);
      if (metrics.length === 0) return m.error("invalid_request", { message: "(#100) The parameter metric is required" });
      const unknown = metrics.find((name) => !(name in values));
      if (unknown) return m.error("invalid_request", { message: `(#100) The value must be a valid insights metric: ${unknown}` });
      return c.json({
        data: metrics.map((name) => ({
          name,
          period: "lifetime",
          values: [{ value: values[name] }],
          title: name,
          description: "Lifetime",
          id: `${post.id}/insights/${name}/lifetime`,
        })),
      });
    },
    [["read_insights"]],
  );

  kit.route(
    app,
    m,
    "GET",
    "/facebook/graph/:version/:pageId/published_posts",
    "page.published_posts",
    (c, token) => {
      const pageId = c.req.param("pageId") ?? "";
      const access = pageAccess(kit, token, pageId, false);
      if ("denied" in access) return access.denied;
      const q = c.req.query();
      const requested = fieldNames(q.fields ?? "id,message,created_time");
      const limit = Math.min(100, Math.max(1, Number(q.limit ?? 25) || 25));
      // Newest first; Stories are not feed posts. The cursor is the last post served, so new posts do not shift pages.
      const all = state
        .posts({ provider: "facebook", profileId: access.profile.id })
        .filter((p) => p.extra.pageId === pageId && p.kind !== "story")
        .reverse();
      const start = q.after ? all.findIndex((p) => p.id === cursor.decode(q.after!)) + 1 : 0;
      if (q.after && start === 0) return m.error("invalid_request", { message: "(#100) The after cursor is invalid" });
      const rest = all.slice(start).filter((p) => !p.deleted);
      const page = rest.slice(0, limit);
      const data = [];
      for (const post of page) {
        const selected = select(postFields(post), requested);
        if ("missing" in selected) return nonexisting(String(selected.missing), "Post");
        data.push(selected);
      }
      if (page.length === 0) return c.json({ data });
      const after = cursor.encode(page.at(-1)!.id);
      const next =
        rest.length > limit
          ? `${kit.baseUrl}/facebook/graph/${c.req.param("version")}/${pageId}/published_posts?${new URLSearchParams({ ...q, after })}`
          : undefined;
      return c.json({ data, paging: { cursors: { before: cursor.encode(page[0]!.id), after }, ...(next ? { next } : {}) } });
    },
    [["pages_read_engagement"]],
  );
}
