// POST /api/v1/post-groups and GET /api/v1/post-groups/{id}: one composition to several accounts
// of any platforms in one request (issue 31). Shape only; the rules that depend on accounts and
// media are in plan-targets.ts and the publishing modes.
import { z } from "zod";
import { providerSchema } from "../accounts/accounts.schema.ts";
import { sandboxUrlSchema } from "../posts/posts.schema.ts";
import {
  facebookSchema,
  firstCommentSchema,
  instagramSchema,
  jobErrorSchema,
  jobStatusSchema,
  tiktokVideoSchema,
  youtubeSchema,
} from "../publishing/publishing.schema.ts";
import { timezoneSchema } from "../scheduling/scheduling.schema.ts";

export const MAX_TARGETS = 50;

const mediaItem = z.strictObject({
  mediaId: z.uuid().meta({ description: "A confirmed upload of the workspace" }),
  altText: z.string().optional().meta({ description: "Images: the description screen readers read (x, threads, linkedin, instagram)" }),
});

const text = z.string().meta({
  description:
    "The post's text: the caption (instagram, tiktok), message (facebook), description (youtube) or first post (threads, x, linkedin). Each platform's limit applies to its own text; x drops links from it.",
});
const thread = z
  .array(z.string())
  .max(24)
  .meta({ description: "Replies after the first post, on threads and x (each a post of the thread); linkedin takes none; other platforms ignore them" });
const media = z.array(mediaItem).max(50).meta({ description: "Ordered media of the post (the first post of a thread)" });
const firstComment = z.string().meta({
  description: "Posted right after the post: a reply on x and threads, a comment on linkedin, instagram and facebook. Refused for youtube and tiktok.",
});

export const groupContentSchema = z
  .strictObject({ text, thread: thread.optional(), media: media.optional(), firstComment: firstComment.optional() })
  .meta({ id: "PostGroupContent" });

export const targetContentSchema = z
  .strictObject({
    text: text.optional(),
    thread: thread.optional(),
    media: media.optional(),
    firstComment: firstComment.nullable().optional().meta({ description: "This target's first comment; null for none" }),
  })
  .meta({ id: "PostGroupContentOverride", description: "Replaces the group's fields of the same name for this target only" });

// Issue 48's additions: what only Bluesky or Mastodon posts carry.
export const blueskyTargetSchema = z
  .strictObject({
    langs: z
      .array(z.string().min(2).max(35))
      .max(3)
      .optional()
      .meta({ description: 'The post\'s languages as BCP 47 tags (Bluesky\'s `langs`, at most 3), e.g. ["en", "pt-BR"]' }),
  })
  .meta({ id: "BlueskyTargetOptions" });

export const mastodonTargetSchema = z
  .strictObject({
    visibility: z
      .enum(["public", "unlisted", "private"])
      .optional()
      .meta({ description: "public (default), unlisted (not in public timelines) or private (followers only)" }),
    spoilerText: z
      .string()
      .optional()
      .meta({ description: "A content warning shown before the text (Mastodon's spoiler_text); counts toward the instance's limit" }),
    sensitive: z.boolean().optional().meta({ description: "Marks the media as sensitive (hidden behind a warning)" }),
    language: z.string().min(2).max(35).optional().meta({ description: 'The post\'s language as an ISO 639 code, e.g. "en"' }),
  })
  .meta({ id: "MastodonTargetOptions" });

export const postGroupTargetSchema = z
  .strictObject({
    accountId: z.uuid(),
    content: targetContentSchema.optional(),
    instagram: instagramSchema.omit({ requestId: true, items: true, caption: true }).optional().meta({ description: "Required for instagram accounts" }),
    youtube: youtubeSchema.omit({ requestId: true, mediaId: true, description: true }).optional().meta({ description: "Required for youtube accounts" }),
    facebook: facebookSchema.omit({ requestId: true, items: true, message: true }).optional().meta({ description: "Required for facebook accounts" }),
    tiktok: tiktokVideoSchema.omit({ requestId: true, mediaId: true }).optional().meta({ description: "Required for tiktok accounts" }),
    linkedin: z
      .strictObject({ carouselId: z.uuid().meta({ description: "A completed carousel of the workspace, posted as a document (a PDF of its slides)" }) })
      .optional()
      .meta({ description: "linkedin accounts, optional: post a carousel as a document instead of media" }),
    bluesky: blueskyTargetSchema.optional().meta({ description: "bluesky accounts, optional (refused for other accounts)" }),
    mastodon: mastodonTargetSchema.optional().meta({ description: "mastodon accounts, optional (refused for other accounts)" }),
  })
  .meta({ id: "PostGroupTarget" });
export type PostGroupTarget = z.output<typeof postGroupTargetSchema>;

export const repeatSchema = z
  .strictObject({
    rrule: z.string().max(500).meta({
      description:
        "An RFC 5545 RRULE in the group's timezone (UTC when none), from scheduledAt or now, e.g. FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;COUNT=8 (BYHOUR without BYMINUTE means on the hour). Hourly at most.",
      example: "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;COUNT=8",
    }),
  })
  .meta({ id: "Repeat", description: "Recurring: each occurrence is a scheduled post of its own, published once" });

export const postGroupBody = z
  .strictObject({
    requestId: z.uuid().meta({ description: "Idempotency key: generated once per group and kept on retries" }),
    content: groupContentSchema,
    targets: z
      .array(postGroupTargetSchema)
      .min(1)
      .max(MAX_TARGETS)
      .meta({ description: `1 to ${MAX_TARGETS} accounts, each listed once` }),
    scheduledAt: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: "When to publish (in the future); omitted: now", example: "2026-12-01T09:00:00+01:00" }),
    timezone: timezoneSchema.optional(),
    queue: z.literal(true).optional().meta({
      description:
        "Instead of scheduledAt: each target takes its account's next free slot (PUT /api/v1/accounts/{id}/posting-schedule sets the slots); the answer gives each target's scheduledAt",
    }),
    repeat: repeatSchema.optional(),
    evergreen: z.boolean().optional().meta({
      description:
        "Published again into free queue slots (within the next 24 hours) of each target account whose posting schedule has evergreen on, at most once per its interval",
    }),
  })
  .meta({ id: "PostGroupRequest" });
export type PostGroupBody = z.output<typeof postGroupBody>;

const acceptedTarget = z.object({
  accountId: z.uuid(),
  provider: providerSchema,
  jobId: z.uuid().meta({ description: "Follow it with GET /api/v1/publish-jobs/{id}" }),
  scheduledPostId: z.uuid().nullable().meta({ description: "Scheduled groups: cancel with DELETE /api/v1/scheduled-posts/{id}" }),
  status: jobStatusSchema,
  warnings: z.array(z.string()).optional().meta({ description: "What is not sent as given (e.g. the text of a Story)" }),
  scheduledAt: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: "Queued groups (`queue: true`): the slot this target took; recurring groups: its next occurrence" }),
});

const seriesSchema = z
  .object({
    rrule: z.string(),
    timezone: z.string(),
    upcoming: z.array(z.iso.datetime({ offset: true })).meta({ description: "The next occurrences already scheduled (up to 60 days ahead)" }),
    ended: z.boolean().meta({ description: "Canceled as a series: no further occurrences" }),
  })
  .meta({ id: "PostGroupSeries" });

export const postGroupApprovalSchema = z
  .object({
    status: z.enum(["pending_approval", "approved", "rejected"]).meta({
      description: "pending_approval: nothing is scheduled or published until an editor approves; rejected: returned to its author with the reason",
    }),
    requestedBy: z.string().nullable().meta({ description: "The author's email" }),
    decidedBy: z.string().nullable().meta({ description: "Who approved or rejected it: a member's email, an API key's name and prefix, or a client's name" }),
    decidedAt: z.iso.datetime({ offset: true }).nullable(),
    reason: z.string().nullable().meta({ description: "Why it was rejected" }),
    targets: z
      .array(z.object({ accountId: z.uuid(), provider: z.string(), warnings: z.array(z.string()).optional() }))
      .meta({ description: "The accounts it publishes to once approved" }),
  })
  .meta({ id: "PostGroupApproval", description: "Groups that needed approval only (docs/teams.md)" });
export type PostGroupApproval = z.infer<typeof postGroupApprovalSchema>;

export const postGroupAcceptedSchema = z
  .object({
    postGroupId: z.uuid(),
    targets: z.array(acceptedTarget).meta({ description: "One per target with its job; empty while the group waits for approval (see approval.targets)" }),
    approval: postGroupApprovalSchema.optional(),
    repeat: seriesSchema.optional().meta({ description: "Recurring groups only" }),
    evergreen: z.boolean().optional().meta({ description: "Evergreen groups only (true)" }),
  })
  .meta({ id: "PostGroupAccepted" });
export type PostGroupAccepted = z.infer<typeof postGroupAcceptedSchema>;

export const postGroupStatusSchema = z.enum(["scheduled", "processing", "published", "partial", "failed", "canceled", "pending_approval", "rejected"]).meta({
  id: "PostGroupStatus",
  description:
    "processing: some job is queued or publishing; scheduled: the others finished, some wait for their time; published: every job published; partial: finished, some published and some not; failed: finished, none published; canceled: every job canceled; pending_approval: waiting for an editor's approval, no job yet; rejected: returned to its author",
});

export const postGroupSchema = z
  .object({
    postGroupId: z.uuid(),
    requestId: z.uuid(),
    status: postGroupStatusSchema,
    scheduledAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    repeat: seriesSchema.optional().meta({ description: "Recurring groups only: each target above is its next occurrence (or its last)" }),
    evergreen: z.boolean().optional().meta({ description: "Evergreen groups only (true)" }),
    approval: postGroupApprovalSchema.optional(),
    targets: z.array(
      acceptedTarget.extend({
        username: z.string(),
        postId: z.string().nullable(),
        permalink: z.string().nullable(),
        sandboxUrl: sandboxUrlSchema,
        error: jobErrorSchema.optional(),
        firstComment: firstCommentSchema.optional(),
      }),
    ),
  })
  .meta({ id: "PostGroup" });
export type PostGroupView = z.infer<typeof postGroupSchema>;

export const postGroupIdParams = z.strictObject({ id: z.uuid() });

/** PATCH /api/v1/post-groups/{id}: a recurring or evergreen group as a whole. */
export const editPostGroupBody = z
  .strictObject({
    text: z.string().optional().meta({
      description:
        "New words for every later occurrence or refill, and for each one scheduled that was not edited alone: the first post (threads, x, linkedin), caption (tiktok), message (facebook) or description (youtube)",
    }),
    title: z.string().optional().meta({ description: "youtube only: the new title" }),
    evergreen: z.boolean().optional().meta({ description: "Turns the group's evergreen refills on or off" }),
  })
  .refine((b) => b.text !== undefined || b.title !== undefined || b.evergreen !== undefined, { message: "give text, title or evergreen", path: ["text"] })
  .meta({ id: "PostGroupEdit" });
export type PostGroupEdit = z.output<typeof editPostGroupBody>;

/** POST /api/v1/post-groups/{id}/approve: the group's own time, or a new one when it has passed. */
export const approvePostGroupBody = z
  .strictObject({
    scheduledAt: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: "A new time, in the future (required when the group's time has passed, unless publishNow)", example: "2026-12-01T09:00:00+01:00" }),
    timezone: timezoneSchema.optional(),
    publishNow: z.boolean().optional().meta({ description: "Publish as soon as approved, instead of at the group's time" }),
  })
  .refine((b) => !(b.publishNow && b.scheduledAt), { message: "give scheduledAt or publishNow, not both", path: ["publishNow"] })
  .meta({ id: "ApprovePostGroupInput" });
export type ApprovePostGroup = z.output<typeof approvePostGroupBody>;

export const rejectPostGroupBody = z
  .strictObject({
    reason: z.string().trim().min(1, "Say what should change").max(2000).meta({ description: "Why, for the author", example: "Use the new logo" }),
  })
  .meta({ id: "RejectPostGroupInput" });
export type RejectPostGroup = z.output<typeof rejectPostGroupBody>;

/** POST /api/v1/post-groups/{id}/move: every target still waiting for its time gets the new one. */
export const movePostGroupBody = z
  .strictObject({
    scheduledAt: z.iso.datetime({ offset: true }).meta({ description: "The new time, in the future", example: "2026-12-01T09:00:00+01:00" }),
    timezone: timezoneSchema.optional(),
  })
  .meta({ id: "MovePostGroupInput" });

const changedTarget = acceptedTarget.omit({ warnings: true }).extend({
  changed: z.boolean().meta({ description: "Whether this call changed the target; false for one already publishing, published, failed or canceled" }),
  note: z.string().optional().meta({ description: "Why a target that waits was left as it is (an instagram schedule's time is changed in the dashboard)" }),
});

export const postGroupMovedSchema = z
  .object({
    postGroupId: z.uuid(),
    moved: z.number().int().min(1).meta({ description: "How many targets got the new time" }),
    scheduledAt: z.iso.datetime({ offset: true }),
    targets: z.array(changedTarget).meta({ description: "Every target, as it is after the call" }),
  })
  .meta({ id: "PostGroupMoved" });
export type PostGroupMoved = z.infer<typeof postGroupMovedSchema>;

export const postGroupCanceledSchema = z
  .object({
    postGroupId: z.uuid(),
    canceled: z.number().int().min(1).meta({ description: "How many targets this call canceled" }),
    targets: z.array(changedTarget).meta({ description: "Every target, as it is after the call" }),
  })
  .meta({ id: "PostGroupCanceled" });
export type PostGroupCanceled = z.infer<typeof postGroupCanceledSchema>;
