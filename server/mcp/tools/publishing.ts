import { z } from "zod";
import { getPublishJob } from "../../domain/publishing/get-publish-job.ts";
import { publishPosts } from "../../domain/publishing/publish-posts.ts";
import { jobIdParams, publishBody, publishJobSchema, publishResponseSchema, writeOutcomeShape } from "../../domain/publishing/publishing.schema.ts";
import { defineTool } from "../tool.ts";

export const modeRules = [
  "The mode follows the accounts' providers and the fields given:",
  "text (threads, x, linkedin): accountIds (several allowed) and posts; several posts form a thread on threads and x, linkedin takes one; for x, links are removed from posts[0] (replies keep theirs).",
  "tiktok: one account, posts with exactly one caption (at most 2,200 characters) and video { mediaId, requestId, privacyLevel: PUBLIC_TO_EVERYONE }.",
  "instagram, youtube, facebook: exactly one account and only the matching object (instagram { requestId, contentType FEED|REELS|STORIES, items, caption }, youtube { requestId, mediaId, title, privacyStatus }, facebook { requestId, contentType FEED|REELS|STORY, message, items }).",
  "Media ids come from confirmed uploads (list_media). requestId is a fresh UUID per post, kept when retrying: the same requestId with the same input answers the existing job, with other input the call fails with REQUEST_CONFLICT.",
  "The workspace is the accounts' workspace.",
].join(" ");

export const publishPostTool = defineTool({
  name: "publish_post",
  title: "Publish a post",
  scope: "posts:write",
  description: [
    "Publishes now.",
    modeRules,
    "Text is published at once: one result per account (check summary.failed). Media modes start an asynchronous job: the result carries jobId and status queued (success true means accepted); poll get_publish_status with the jobId until published, failed or unknown. outcome says which: accepted (a job is under way) or done; replay is true when an earlier call with the same requestId answered.",
  ].join(" "),
  input: publishBody,
  output: publishResponseSchema.extend(writeOutcomeShape),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (scope, input) => {
    const { body, ...outcome } = await publishPosts(scope, input);
    return { ...body, ...outcome };
  },
});

export const getPublishStatusTool = defineTool({
  name: "get_publish_status",
  title: "Get a publish job's status",
  scope: "posts:read",
  description:
    "The status of a media publishing job by its jobId (from publish_post or schedule_post): queued, scheduled, processing, then published (with postId and permalink), failed (error.code ACCOUNT_UNAVAILABLE, MEDIA_UNAVAILABLE, PUBLISH_QUOTA_EXCEEDED, PREPARATION_FAILED or PUBLISH_FAILED), canceled, or unknown (PUBLISH_RESULT_UNKNOWN: check the platform; the job is never submitted twice). The workspace is the job's. Poll every few seconds.",
  input: z.strictObject({ jobId: jobIdParams.shape.id.meta({ description: "The jobId of a publish_post or schedule_post result" }) }),
  output: publishJobSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getPublishJob(scope, input.jobId),
});
