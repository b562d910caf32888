// What the sandbox Facebook routes share: Meta's error body, the permissions the dialog
// knows, Page access checks (Page token, this Page, CREATE_CONTENT) and permalinks.
import { jsonAnswer, type Kit } from "../kit.ts";
import { randomToken, type Profile, type Token } from "../state.ts";

export type SandboxPage = NonNullable<Profile["page"]>;
export type PageAccess = { page: SandboxPage; profile: Profile };
/** How Graph describes a post's first attachment (published_posts attachments{type,media_type}). */
export type Attachment = { type: string; media_type: string };

/** Permissions Facebook Login accepts for Pages apps; anything else is "Invalid Scopes". */
export const metaScopes = new Set([
  "public_profile",
  "email",
  "pages_show_list",
  "pages_manage_posts",
  "pages_read_engagement",
  "pages_read_user_engagement",
  "pages_manage_engagement",
  "pages_manage_metadata",
  "read_insights",
  "publish_video",
  "business_management",
]);

export function graphError(
  status: number,
  code: number,
  message: string,
  extra: { subcode?: number; userMsg?: string; transient?: boolean; type?: string; headers?: Record<string, string> } = {},
): Response {
  const error = {
    message,
    type: extra.type ?? "OAuthException",
    code,
    ...(extra.subcode ? { error_subcode: extra.subcode } : {}),
    ...(extra.userMsg ? { error_user_msg: extra.userMsg } : {}),
    is_transient: extra.transient ?? false,
    fbtrace_id: randomToken(9),
  };
  return jsonAnswer({ error }, { status, headers: extra.headers });
}

/** rupload answers its own problems as {debug_info}. */
export function ruploadError(status: number, type: string, message: string): Response {
  return jsonAnswer({ debug_info: { retriable: status >= 500, type, message } }, { status });
}

/**
 * Page endpoints take the Page's own token; publishing also needs the CREATE_CONTENT task.
 * Page tokens belong to the user who manages the Page (the sandbox's one Page per profile).
 * A refusal comes as {denied} (the node server's Response class defeats instanceof checks).
 */
export function pageAccess(kit: Kit, token: Token, pageId: string, publishing: boolean): PageAccess | { denied: Response } {
  if (token.kind !== "page") return { denied: graphError(403, 210, "(#210) A page access token is required to request this resource.") };
  const profile = kit.state.profile(token.profileId);
  const page = profile?.page;
  if (!profile || !page || page.id !== pageId)
    return { denied: graphError(403, 200, "(#200) This Page access token does not belong to the Page in the request.") };
  if (publishing && !page.tasks.includes("CREATE_CONTENT")) {
    return { denied: graphError(403, 10, "(#10) The user must be able to perform the CREATE_CONTENT task on the Page to publish.") };
  }
  return { page, profile };
}

export const permalinkOf = (postId: string) => `https://www.facebook.com/${postId}`;
export const reelPermalink = (videoId: string) => `https://www.facebook.com/reel/${videoId}`;

/** Graph's created_time format: 2025-01-02T03:04:05+0000. */
export function graphTime(iso: string | number): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, "+0000");
}
