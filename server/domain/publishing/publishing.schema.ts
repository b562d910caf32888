// The body of POST /api/v1/posts (and, with scheduledAt/timezone, of POST /api/v1/scheduled-posts),
// and the answers. Shape only here; the rules that depend on accounts and media live in
// validate-request.ts and modes/<mode>/rules.ts.
import { z } from "zod";
import { providerSchema } from "../accounts/accounts.schema.ts";
import { sandboxUrlSchema } from "../posts/posts.schema.ts";

const requestId = z.uuid().meta({ description: "Idempotency key: generated once per operation and kept on retries" });
const mediaId = z.uuid();

export const tiktokVideoSchema = z
  .strictObject({
    mediaId: mediaId.meta({ description: "A confirmed video" }),
    requestId,
    privacyLevel: z.literal("PUBLIC_TO_EVERYONE").meta({ description: "Only public posting is supported" }),
    disableComment: z.boolean().optional(),
    disableDuet: z.boolean().optional(),
    disableStitch: z.boolean().optional(),
    brandOrganicToggle: z.boolean().optional().meta({ description: "Promotes your own brand" }),
    brandContentToggle: z.boolean().optional().meta({ description: "Branded content (a paid partnership)" }),
  })
  .meta({ id: "TikTokVideo", description: "tiktok mode: the video; posts[0] is its caption" });

export const instagramSchema = z
  .strictObject({
    requestId,
    contentType: z.enum(["FEED", "REELS", "STORIES"]),
    caption: z.string().optional().meta({ description: "At most 2,200 characters; not allowed for STORIES" }),
    items: z
      .array(z.strictObject({ mediaId, altText: z.string().optional().meta({ description: "Images only; at most 1,000 characters" }) }))
      .min(1)
      .meta({ description: "FEED: one JPEG, or 2–10 JPEG/video items (a carousel). REELS: one video. STORIES: one JPEG or video." }),
    shareToFeed: z.boolean().optional().meta({ description: "REELS only" }),
  })
  .meta({ id: "InstagramPost" });

export const youtubeSchema = z
  .strictObject({
    requestId,
    mediaId: mediaId.meta({ description: "A confirmed video, at most 500 MiB and 12 hours" }),
    title: z.string().meta({ description: "1 to 100 characters" }),
    description: z.string().optional().meta({ description: "Up to 5,000 characters" }),
    privacyStatus: z.enum(["public", "unlisted", "private"]),
    madeForKids: z.boolean().optional().meta({ description: "Default false" }),
  })
  .meta({ id: "YouTubeVideo" });

export const facebookSchema = z
  .strictObject({
    requestId,
    contentType: z.enum(["FEED", "REELS", "STORY"]),
    message: z.string().optional().meta({ description: "At most 63,206 characters, surrounding whitespace removed; not allowed for STORY" }),
    items: z.array(z.strictObject({ mediaId })).optional().meta({ description: "Ordered media" }),
  })
  .meta({ id: "FacebookPost" });

export const publishBodyShape = {
  accountIds: z.array(z.uuid()).min(1).max(50).meta({ description: "Accounts of the key's workspace" }),
  posts: z
    .array(z.string())
    .min(1)
    .max(25)
    .optional()
    .meta({ description: "Text modes: the post, or a thread of several (threads, x). tiktok: exactly one caption." }),
  video: tiktokVideoSchema.optional(),
  instagram: instagramSchema.optional(),
  youtube: youtubeSchema.optional(),
  facebook: facebookSchema.optional(),
};

export const publishBody = z.strictObject(publishBodyShape).meta({ id: "PublishRequest" });
export type PublishBody = z.output<typeof publishBody>;

export const firstCommentSchema = z
  .object({
    status: z.enum(["pending", "posted", "failed", "unknown", "not_posted"]).meta({
      description:
        "pending: the post is not published yet; posted; failed (not posted); unknown: the platform did not confirm it and it is never posted again; not_posted: the post itself was not published",
    }),
    commentId: z.string().optional().meta({ description: "The comment's native id, once posted" }),
    error: z.object({ code: z.string(), message: z.string() }).optional().meta({ description: "COMMENT_FAILED or COMMENT_RESULT_UNKNOWN" }),
  })
  .meta({ id: "FirstComment" });
export type FirstCommentView = z.infer<typeof firstCommentSchema>;

export const jobStatusSchema = z.enum(["queued", "scheduled", "processing", "published", "failed", "canceled", "unknown"]).meta({ id: "JobStatus" });

export const jobErrorSchema = z
  .object({
    code: z.string().meta({
      description:
        "ACCOUNT_UNAVAILABLE, MEDIA_UNAVAILABLE, PUBLISH_QUOTA_EXCEEDED, PREPARATION_FAILED, PUBLISH_FAILED, PUBLISH_RESULT_UNKNOWN, or DUPLICATE_CONTENT (X refused the same text as a recent post; not retried)",
    }),
    message: z.string(),
  })
  .meta({ id: "JobError" });

export const publishResultSchema = z
  .object({
    accountId: z.uuid(),
    provider: providerSchema,
    username: z.string(),
    success: z.boolean().meta({ description: "Text: published. Media: accepted (the job runs on), or for a replay the job's outcome" }),
    postIds: z.array(z.string()).meta({ description: "Native ids in thread order; empty for an accepted media job" }),
    permalinks: z.array(z.string()).optional().meta({ description: "Text: the native URL of each post" }),
    jobId: z.uuid().optional(),
    status: jobStatusSchema.optional(),
    error: jobErrorSchema.optional(),
  })
  .meta({ id: "PublishResult" });

export const summarySchema = z.object({ succeeded: z.number().int(), failed: z.number().int() }).meta({ id: "PublishSummary" });

export const publishResponseSchema = z.object({ results: z.array(publishResultSchema), summary: summarySchema }).meta({ id: "PublishResponse" });
export type PublishResponse = z.infer<typeof publishResponseSchema>;

/** What a write did (WriteOutcome), as the tool interface and the dashboard receive it beside the REST body. */
export const writeOutcomeShape = {
  outcome: z.enum(["accepted", "done"]).meta({
    description:
      "accepted: a job is under way (follow it by jobId); done: the request's work is finished (text published or scheduled, or a replay of a finished job)",
  }),
  replay: z.boolean().meta({ description: "true when answered from an earlier request with the same requestId" }),
};

export const publishJobSchema = z
  .object({
    jobId: z.uuid(),
    scheduledPostId: z.uuid().nullable(),
    platform: providerSchema,
    accountId: z.uuid(),
    username: z.string(),
    status: jobStatusSchema,
    postId: z.string().nullable().meta({ description: "Native post id (youtube: the video id); null until available" }),
    permalink: z.string().nullable().meta({ description: "Native URL (youtube: the watch URL); null until available" }),
    sandboxUrl: sandboxUrlSchema,
    scheduledAt: z.iso.datetime({ offset: true }).nullable(),
    startedLateMs: z.number().int().nullable().meta({
      description:
        "Scheduled jobs: how long after scheduledAt the scheduler started the job (`scheduled` → `queued`; large when the service was down at the time); null otherwise",
    }),
    error: jobErrorSchema.optional(),
    firstComment: firstCommentSchema
      .optional()
      .meta({ description: "Present when the job has a first comment (post groups): what became of it. Its failure never fails the published post." }),
  })
  .meta({ id: "PublishJob" });
export type PublishJobView = z.infer<typeof publishJobSchema>;

export const jobIdParams = z.strictObject({ id: z.uuid() });
