// What a job will send as text, field by field, measured as the platform counts it: the dry run's
// answer (validate-posts.ts, validate-post-group.ts). It reads the payload the job would store, so
// it shows the text after normalisation (X without its links, trimmed Facebook messages).
import type { ProviderName } from "../../accounts/providers.ts";
import { FACEBOOK_MESSAGE, INSTAGRAM_CAPTION, TIKTOK_CAPTION_UTF16, YOUTUBE_DESCRIPTION, YOUTUBE_TITLE } from "../media-rules.ts";
import { codePoints, TEXT_LIMITS, textLength } from "../text-rules.ts";
import { facebookPayloadSchema } from "./facebook/rules.ts";
import { instagramPayloadSchema } from "./instagram/rules.ts";
import { BLUESKY_LIMITS, blueskyGraphemes } from "../../../platforms/bluesky/bluesky-limits.ts";
import { textPayloadSchema } from "./text/rules.ts";
import type { InstanceLimits } from "../../../platforms/mastodon/mastodon-instance.ts";
import { mastodonLength } from "../../../platforms/mastodon/mastodon-text.ts";
import { tiktokPayloadSchema } from "./tiktok/rules.ts";
import { youtubePayloadSchema } from "./youtube/rules.ts";

/** units: X's weighted count (twitter-text), Unicode code points, UTF-16 code units, or grapheme clusters (Bluesky) */
export type SentText = { field: string; text: string; length: number; limit: number | null; unit: "weighted" | "characters" | "utf16" | "graphemes" };

const characters = (field: string, text: string, limit: number | null): SentText => ({ field, text, length: codePoints(text), limit, unit: "characters" });
const utf16 = (field: string, text: string, limit: number): SentText => ({ field, text, length: text.length, limit, unit: "utf16" });

/** `mastodonLimits`: a Mastodon account's instance limits (its max_characters and URL weight), when known. */
export function sentTexts(provider: ProviderName, payload: unknown, mastodonLimits?: InstanceLimits | null): SentText[] {
  switch (provider) {
    case "x":
    case "threads":
    case "linkedin": {
      const { posts, firstComment } = textPayloadSchema.parse(payload);
      const texts = posts.map((text, i): SentText => ({
        field: `posts[${i}]`,
        text,
        length: textLength(provider, text),
        limit: TEXT_LIMITS[provider],
        unit: provider === "x" ? "weighted" : "characters",
      }));
      // a reply on x and threads has the post's limit; linkedin documents no comment limit
      if (firstComment)
        texts.push(
          provider === "linkedin"
            ? characters("firstComment", firstComment, null)
            : { ...texts[0]!, field: "firstComment", text: firstComment, length: textLength(provider, firstComment) },
        );
      return texts;
    }
    case "instagram": {
      const p = instagramPayloadSchema.parse(payload);
      return [...(p.caption !== null ? [characters("caption", p.caption, INSTAGRAM_CAPTION)] : []), ...comment(payload)];
    }
    case "facebook": {
      const p = facebookPayloadSchema.parse(payload);
      return [...(p.message !== null ? [utf16("message", p.message, FACEBOOK_MESSAGE)] : []), ...comment(payload)];
    }
    case "youtube": {
      const p = youtubePayloadSchema.parse(payload);
      return [characters("title", p.title, YOUTUBE_TITLE), characters("description", p.description, YOUTUBE_DESCRIPTION)];
    }
    case "tiktok":
      return [utf16("caption", tiktokPayloadSchema.parse(payload).caption, TIKTOK_CAPTION_UTF16)];
    case "bluesky": {
      const { posts, firstComment } = textPayloadSchema.parse(payload);
      const graphemes = (field: string, text: string): SentText => ({
        field,
        text,
        length: blueskyGraphemes(text),
        limit: BLUESKY_LIMITS.graphemes,
        unit: "graphemes",
      });
      return [...posts.map((text, i) => graphemes(`posts[${i}]`, text)), ...(firstComment ? [graphemes("firstComment", firstComment)] : [])];
    }
    case "mastodon": {
      // as the instance counts: the content warning in every status, each link as characters_reserved_per_url
      const { posts, firstComment, mastodon } = textPayloadSchema.parse(payload);
      const reserved = mastodonLimits?.charactersReservedPerUrl ?? 23;
      const counted = (field: string, text: string, spoiler = ""): SentText => ({
        field,
        text,
        length: mastodonLength(text, spoiler, reserved),
        limit: mastodonLimits?.maxCharacters ?? null,
        unit: "characters",
      });
      return [...posts.map((text, i) => counted(`posts[${i}]`, text, mastodon?.spoilerText)), ...(firstComment ? [counted("firstComment", firstComment)] : [])];
    }
  }
}

/** A post group's first comment beside a media payload (instagram, facebook). */
function comment(payload: unknown): SentText[] {
  const text = (payload as { firstComment?: unknown }).firstComment;
  return typeof text === "string" ? [characters("firstComment", text, null)] : [];
}
