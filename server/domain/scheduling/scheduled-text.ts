// The editable words of a scheduled job's payload, by provider: what the calendar shows in its
// editor and what edit-scheduled-post.ts replaces. Pure, so the calendar and the edit agree.
import type { Provider } from "../../db.ts";

type Payload = Record<string, unknown>;

/** Instagram schedules are fixed once accepted (SPEC.md): content, media and account. */
export const FIXED_CONTENT_PROVIDERS: readonly Provider[] = ["instagram"];

/** The text of a payload: first post, caption, message or description. */
export function scheduledText(provider: Provider, payload: unknown): string {
  const p = (payload ?? {}) as Payload;
  switch (provider) {
    case "x":
    case "threads":
    case "linkedin":
      return Array.isArray(p.posts) && typeof p.posts[0] === "string" ? p.posts[0] : "";
    case "tiktok":
      return typeof p.caption === "string" ? p.caption : "";
    case "youtube":
      return typeof p.description === "string" ? p.description : "";
    case "facebook":
      return typeof p.message === "string" ? p.message : "";
    default:
      return "";
  }
}

export const scheduledTitle = (provider: Provider, payload: unknown): string | null =>
  provider === "youtube" && typeof (payload as Payload | null)?.title === "string" ? ((payload as Payload).title as string) : null;

/** Whether a payload's words can be edited at all (status aside). */
export function contentEditable(provider: Provider, payload: unknown): boolean {
  if (FIXED_CONTENT_PROVIDERS.includes(provider)) return false;
  // a facebook Story carries no message
  return !(provider === "facebook" && (payload as Payload | null)?.contentType === "STORY");
}
