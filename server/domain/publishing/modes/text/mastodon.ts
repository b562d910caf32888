// Mastodon in the text mode (issue 48): what a job stores beside its posts (visibility, content
// warning, sensitive, language), the instance's limits checked before anything is accepted (text
// and content warning as Mastodon counts them, attachments, sizes, types, descriptions), and what
// the flow adds to each status (the options and an Idempotency-Key stable across the job's runs).
import { z } from "zod";
import type { ConnectedAccount } from "../../../../db.ts";
import type { InstanceLimits } from "../../../../platforms/mastodon/mastodon-instance.ts";
import { checkMastodonPost, mastodonLength } from "../../../../platforms/mastodon/mastodon-text.ts";
import type { Issues } from "../../validation-issues.ts";
import type { TextMediaInput } from "./rules.ts";

/** A Mastodon target's options as a job keeps them (post-groups.schema.ts's mastodon object). */
export const mastodonPayloadSchema = z.object({
  visibility: z.enum(["public", "unlisted", "private"]).optional(),
  spoilerText: z.string().optional(),
  sensitive: z.boolean().optional(),
  language: z.string().optional(),
});
export type MastodonOptions = z.infer<typeof mastodonPayloadSchema>;

/** Limits by account id (domain/accounts/mastodon-instance-limits.ts); null: the instance was never reached. */
export type MastodonLimits = Map<string, InstanceLimits | null>;

/**
 * The posts of a thread against the instance's max_characters; the content warning goes on every
 * status of the thread, so it counts in each. Without known limits the instance's own check applies.
 */
export function checkMastodonTexts(limits: InstanceLimits | null | undefined, posts: string[], options: MastodonOptions | undefined, issues: Issues): void {
  if (!limits) return;
  const spoiler = options?.spoilerText ?? "";
  posts.forEach((text, i) => {
    const length = mastodonLength(text, spoiler, limits.charactersReservedPerUrl);
    if (length > limits.maxCharacters)
      issues.add(
        `posts[${i}]`,
        `is ${length} characters as Mastodon counts them (${spoiler ? "content warning included, " : ""}each link as ${limits.charactersReservedPerUrl}); this instance allows ${limits.maxCharacters}`,
        "too_long",
      );
  });
}

/** A first comment (a reply) against the same limit. */
export function checkMastodonComment(
  limits: InstanceLimits | null | undefined,
  comment: string | null | undefined,
  issues: { path: string; message: string; code: string }[],
) {
  if (!limits || !comment) return;
  const length = mastodonLength(comment, "", limits.charactersReservedPerUrl);
  if (length > limits.maxCharacters)
    issues.push({
      path: "content.firstComment",
      message: `is ${length} characters as Mastodon counts them; this instance allows ${limits.maxCharacters}`,
      code: "too_long",
    });
}

/** A post's media on the instance: images (up to max_media_attachments) or one video, sizes, types, descriptions. */
export function validateMastodonMedia(limits: InstanceLimits | null | undefined, media: TextMediaInput[], path: string, issues: Issues): void {
  if (media.length === 0) return;
  const checked = checkMastodonPost(limits ?? defaults, {
    text: "x",
    media: media.map((m) => ({
      kind: m.item.mediaType === "VIDEO" ? "video" : "image",
      size: Number(m.item.fileSize),
      mimeType: m.item.mimeType,
      altText: m.altText,
    })),
  });
  for (const issue of checked) {
    if (issue.field === "media") issues.add(path, `mastodon ${issue.message}`, /alone/.test(issue.message) ? "mixed_media" : "too_many");
    else {
      // media[i] and media[i].altText → the request's item paths
      const m = /^media\[(\d+)\](.*)$/.exec(issue.field);
      const item = m ? media[Number(m[1])] : undefined;
      if (item) issues.add(m![2] ? `${item.path}${m![2]}` : `${item.path}.mediaId`, issue.message, m![2] ? "too_long" : "invalid");
    }
  }
}

/** Mastodon's documented defaults, for an instance never reached (its own checks still apply at publish). */
const defaults: InstanceLimits = {
  maxCharacters: Number.MAX_SAFE_INTEGER,
  maxMediaAttachments: 4,
  charactersReservedPerUrl: 23,
  imageSizeLimit: null,
  videoSizeLimit: null,
  supportedMimeTypes: null,
  descriptionLimit: 1500,
  version: null,
};

/** What the flow adds to post i of a Mastodon job: the target's options and the job's own Idempotency-Key. */
export function mastodonStatusExtras(account: Pick<ConnectedAccount, "provider">, jobId: string, i: number, options: MastodonOptions | undefined) {
  if (account.provider !== "mastodon") return {};
  // the same job's retries send the same key: Mastodon answers the status it already made
  return { ...options, idempotencyKey: `${jobId}:${i}` };
}
