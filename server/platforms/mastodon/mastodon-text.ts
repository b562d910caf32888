// What a status may hold on an instance, checked before anything is sent so bad input is a 422
// naming the field: text counted as Mastodon counts it (grapheme clusters of the content warning
// plus the text; each http(s) URL as characters_reserved_per_url, a remote mention @user@domain
// as @user: https://docs.joinmastodon.org/user/posting/#text), the instance's attachment count,
// images or one video, descriptions within the instance's limit.
import { graphemeCount } from "../../text/graphemes.ts";
import type { InstanceLimits } from "./mastodon-instance.ts";

const url = /https?:\/\/[^\s<>"]+[^\s<>".,:;!?)\]'}]/giu;
const mention = /(^|[^\w/])@(\w+)@[\w.-]+\w/gu;

export function mastodonLength(text: string, spoilerText = "", reservedPerUrl = 23): number {
  const countable = text.replace(url, "x".repeat(reservedPerUrl)).replace(mention, (_m, pre: string, user: string) => `${pre}@${user}`);
  return graphemeCount(spoilerText) + graphemeCount(countable);
}

export type MastodonPostCheck = {
  text: string;
  spoilerText?: string;
  media?: { kind: "image" | "video" | "document"; size: number; mimeType: string; altText?: string }[];
};

export type FieldIssue = { field: string; message: string };

export function checkMastodonPost(limits: InstanceLimits, post: MastodonPostCheck): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const length = mastodonLength(post.text, post.spoilerText ?? "", limits.charactersReservedPerUrl);
  if (length > limits.maxCharacters)
    issues.push({
      field: "text",
      message: `is ${length} characters as Mastodon counts them (content warning included, URLs as ${limits.charactersReservedPerUrl}); this instance allows ${limits.maxCharacters}`,
    });
  const media = post.media ?? [];
  if (!post.text.trim() && media.length === 0) issues.push({ field: "text", message: "is empty and the post has no media" });
  if (media.some((m) => m.kind === "document")) issues.push({ field: "media", message: "Mastodon takes images or a video, not documents" });
  const videos = media.filter((m) => m.kind === "video").length;
  if (videos > 0 && media.length > 1) issues.push({ field: "media", message: "a video goes alone: one video, or up to the instance's number of images" });
  if (media.length > limits.maxMediaAttachments)
    issues.push({ field: "media", message: `has ${media.length} items; this instance allows ${limits.maxMediaAttachments}` });
  media.forEach((m, i) => {
    const cap = m.kind === "video" ? limits.videoSizeLimit : limits.imageSizeLimit;
    if (cap !== null && m.size > cap) issues.push({ field: `media[${i}]`, message: `is ${m.size} bytes; this instance accepts ${m.kind}s up to ${cap}` });
    if (limits.supportedMimeTypes && !limits.supportedMimeTypes.includes(m.mimeType))
      issues.push({ field: `media[${i}]`, message: `is ${m.mimeType}, which this instance does not take` });
    if (m.altText && m.altText.length > limits.descriptionLimit)
      issues.push({ field: `media[${i}].altText`, message: `is longer than this instance's ${limits.descriptionLimit} characters` });
  });
  return issues;
}
