// The pure part of checking a post group's target: its effective content, the first-comment
// rule, the media mode's request built from the content, and the mapping of a mode's issue paths
// to the group's. Pure (no database, no node modules) so the dashboard's composer runs the very
// same rules before sending; plan-targets.ts runs them with the accounts and media it read.
import { noFirstCommentProviders, type ProviderName } from "../accounts/providers.ts";
import type { PublishBody } from "../publishing/publishing.schema.ts";
import { TEXT_LIMITS, textLength } from "../publishing/text-rules.ts";
import type { PostGroupBody, PostGroupTarget } from "./post-groups.schema.ts";

export type TargetIssue = { path: string; message: string; code: string };

/** The content a target publishes: the group's, field by field replaced by the target's overrides. */
export function effectiveContent(group: PostGroupBody["content"], own: PostGroupTarget["content"]) {
  return {
    text: own?.text ?? group.text,
    thread: own?.thread ?? group.thread ?? [],
    media: own?.media ?? group.media ?? [],
    firstComment: own?.firstComment === null ? undefined : (own?.firstComment ?? group.firstComment),
  };
}
export type EffectiveContent = ReturnType<typeof effectiveContent>;

export function checkFirstComment(provider: ProviderName, target: PostGroupTarget, content: EffectiveContent, issues: TargetIssue[]) {
  const comment = content.firstComment;
  if (comment === undefined) return;
  const add = (message: string, code = "invalid") => issues.push({ path: "content.firstComment", message, code });
  if (noFirstCommentProviders.includes(provider))
    return add(`${provider} takes no first comment; set this target's content.firstComment to null`, "not_supported");
  if (target.instagram?.contentType === "STORIES" || target.facebook?.contentType === "STORY")
    return add("a Story takes no comments; set this target's content.firstComment to null", "not_supported");
  if (comment.trim() === "") return add("must not be empty");
  if (provider === "x" || provider === "threads") {
    const length = textLength(provider, comment);
    if (length > TEXT_LIMITS[provider]) add(`is ${length} characters; a ${provider} reply takes ${TEXT_LIMITS[provider]}`, "too_long");
  }
}

/**
 * A media target's request of its mode (tiktok, instagram, youtube, facebook), built from the
 * content: the text becomes the caption, message or description, the media its items or mediaId.
 * `issues` gets what the content cannot be turned into (e.g. two videos for YouTube).
 */
export function mediaTargetRequest(
  target: PostGroupTarget,
  provider: ProviderName,
  content: EffectiveContent,
  requestId: string,
  issues: TargetIssue[],
): { request: PublishBody; warnings: string[] } {
  const warnings: string[] = [];
  const accountIds = [target.accountId];
  const text = content.text.trim() === "" ? undefined : content.text;
  const items = content.media;
  if (content.thread.length) warnings.push(`${provider} takes a single post: the thread's replies are not sent`);
  const one = () => {
    if (items.length !== 1)
      issues.push({
        path: "content.media",
        message: `${provider} takes exactly one video (${items.length} given)`,
        code: items.length ? "too_many" : "required",
      });
    return items[0]?.mediaId ?? "";
  };
  if (target.instagram) {
    // the mode's request schema requires items (min 1), which a group's target does not pass through
    if (items.length === 0)
      issues.push({ path: "content.media", message: "instagram needs media: one image, or a carousel of 2 to 10 items", code: "required" });
    const story = target.instagram.contentType === "STORIES";
    if (story && text) warnings.push("instagram Stories take no caption: the text is not sent");
    const instagram = {
      ...target.instagram,
      requestId,
      items: items.map((m) => ({ mediaId: m.mediaId, ...(m.altText !== undefined ? { altText: m.altText } : {}) })),
      ...(text && !story ? { caption: text } : {}),
    };
    return { request: { accountIds, instagram }, warnings };
  }
  if (target.facebook) {
    const story = target.facebook.contentType === "STORY";
    if (story && text) warnings.push("facebook Stories take no message: the text is not sent");
    if (items.some((m) => m.altText !== undefined)) warnings.push("facebook takes no alt text: it is not sent");
    const facebook = { ...target.facebook, requestId, items: items.map((m) => ({ mediaId: m.mediaId })), ...(text && !story ? { message: text } : {}) };
    return { request: { accountIds, facebook }, warnings };
  }
  if (target.youtube) {
    return { request: { accountIds, youtube: { ...target.youtube, requestId, mediaId: one(), ...(text ? { description: text } : {}) } }, warnings };
  }
  return { request: { accountIds, posts: [content.text], video: { ...target.tiktok!, requestId, mediaId: one() } }, warnings };
}

/** posts[0] is the text, posts[k] the thread's reply k-1, posts the thread. */
export function mapTextPath(path: string): string {
  if (path === "posts") return "content.thread";
  const m = /^posts\[(\d+)\](.*)$/.exec(path);
  if (!m) return path;
  const k = Number(m[1]);
  return k === 0 ? `content.text${m[2]}` : `content.thread[${k - 1}]${m[2]}`;
}

/** A media mode's request paths as the group's: its text fields are content.text, its media content.media. */
export function mapModePath(field: string, path: string): string {
  if (path === "posts" || path.startsWith("posts[0]")) return "content.text";
  const rest = path.startsWith(`${field}.`) ? path.slice(field.length + 1) : path;
  if (rest === "caption" || rest === "message" || rest === "description") return "content.text";
  if (rest === "items") return "content.media";
  if (rest.startsWith("items[")) return `content.media${rest.slice("items".length)}`;
  if (rest === "mediaId") return "content.media[0].mediaId";
  if (rest === field || path === field) return field === "video" ? "tiktok" : field;
  return `${field === "video" ? "tiktok" : field}.${rest}`;
}
