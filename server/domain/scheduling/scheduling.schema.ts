// POST/GET/DELETE /api/v1/scheduled-posts: the publish body plus when, and the answers.
import { z } from "zod";
import { providerSchema } from "../accounts/accounts.schema.ts";
import { sandboxUrlSchema } from "../posts/posts.schema.ts";
import { jobErrorSchema, jobStatusSchema, publishBodyShape, summarySchema } from "../publishing/publishing.schema.ts";
import { isValidTimeZone } from "./wall-time.ts";

export const timezoneSchema = z
  .string()
  .refine(isValidTimeZone, { message: "must be an IANA time zone name, for example Europe/Berlin" })
  .meta({ description: "IANA time zone name the time was chosen in (shown in the calendar)", example: "Europe/Berlin" });

export const scheduleBody = z
  .strictObject({
    ...publishBodyShape,
    scheduledAt: z.iso
      .datetime({ offset: true })
      .meta({ description: "When to publish: ISO 8601 with an offset or Z, in the future", example: "2026-12-01T09:00:00+01:00" }),
    timezone: timezoneSchema.optional(),
  })
  .meta({ id: "ScheduleRequest" });
export type ScheduleBody = z.output<typeof scheduleBody>;

export const scheduleResultSchema = z
  .object({
    accountId: z.uuid(),
    provider: providerSchema,
    username: z.string(),
    success: z.boolean().meta({ description: "Accepted; for a replay of a finished media job, its outcome" }),
    scheduledPostIds: z.array(z.uuid()).meta({ description: "Use with DELETE /api/v1/scheduled-posts/{id} to cancel" }),
    scheduledAt: z.iso.datetime({ offset: true }),
    jobId: z.uuid().optional().meta({ description: "Media schedules: track it with GET /api/v1/publish-jobs/{id}" }),
    status: jobStatusSchema.optional(),
    error: jobErrorSchema.optional(),
  })
  .meta({ id: "ScheduleResult" });

export const scheduleResponseSchema = z.object({ results: z.array(scheduleResultSchema), summary: summarySchema }).meta({ id: "ScheduleResponse" });
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const listScheduledQuery = z.strictObject({
  provider: providerSchema.optional().meta({ description: "Only this platform's scheduled posts" }),
  status: jobStatusSchema.optional().meta({ description: "Only scheduled posts in this status" }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const scheduledPostSchema = z
  .object({
    scheduledPostId: z.uuid(),
    jobId: z.uuid(),
    provider: providerSchema,
    accountId: z.uuid(),
    username: z.string(),
    status: jobStatusSchema,
    scheduledAt: z.iso.datetime({ offset: true }),
    timezone: z.string().nullable(),
    summary: z.string().meta({ description: "The first words of the post (text, caption, title or message)" }),
    postId: z.string().nullable(),
    permalink: z.string().nullable(),
    sandboxUrl: sandboxUrlSchema,
    startedLateMs: z.number().int().nullable().meta({
      description:
        "How long after scheduledAt the scheduler started the post: it left `scheduled` for the publishing queue (`queued`), and workers publish it from there. Large when the service was down at the time; null until it starts",
    }),
    error: jobErrorSchema.optional(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ScheduledPost" });
export type ScheduledPostView = z.infer<typeof scheduledPostSchema>;

export const scheduledPostListSchema = z
  .object({ scheduledPosts: z.array(scheduledPostSchema), total: z.number().int(), hasMore: z.boolean() })
  .meta({ id: "ScheduledPostList" });

export const scheduledPostParams = z.strictObject({ id: z.uuid() });
export const cancelQuery = z.strictObject({ platform: providerSchema.meta({ description: "The scheduled post's platform" }) });
export const cancelResponseSchema = z.object({ canceled: z.literal(1) }).meta({ id: "CancelResult" });

export const editScheduledPostBody = z
  .strictObject({
    text: z
      .string()
      .optional()
      .meta({ description: "The new text: the first post (threads, x, linkedin), caption (tiktok), message (facebook) or description (youtube)" }),
    title: z.string().optional().meta({ description: "youtube only: the new title" }),
  })
  .refine((b) => b.text !== undefined || b.title !== undefined, { message: "give text or title", path: ["text"] })
  .meta({ id: "ScheduledPostEdit" });
export type ScheduledPostEdit = z.output<typeof editScheduledPostBody>;

export const editedScheduledPostSchema = z
  .object({
    scheduledPostId: z.uuid(),
    jobId: z.uuid(),
    provider: providerSchema,
    status: jobStatusSchema,
    text: z.string().meta({ description: "The text as it will be published" }),
    title: z.string().nullable().meta({ description: "youtube: the title; null elsewhere" }),
    summary: z.string(),
  })
  .meta({ id: "EditedScheduledPost" });
export type EditedScheduledPost = z.infer<typeof editedScheduledPostSchema>;
