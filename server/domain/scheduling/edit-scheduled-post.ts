// PATCH /api/v1/scheduled-posts/{id} and the calendar's Edit: new words for a scheduled post
// whose publishing has not started. Checked with the limits a new request meets; the X link rule
// is not applied (SPEC.md: later edits are not processed by it), so a link stays where it was put.
// The write is one conditional update of the job, as cancel and the worker's claim are: it lands
// before the claim (which then reads the new payload) or finds the job started and refuses.
import { sql, type JobStatus, type Provider } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { FACEBOOK_MESSAGE, TIKTOK_CAPTION_UTF16, YOUTUBE_DESCRIPTION, YOUTUBE_TITLE } from "../publishing/media-rules.ts";
import { summaryOf } from "../publishing/present-job.ts";
import { codePoints, TEXT_LIMITS, textLength } from "../publishing/text-rules.ts";
import { Issues } from "../publishing/validation-issues.ts";
import { CANCELLABLE_STATUSES } from "./schedule-rules.ts";
import { contentEditable, FIXED_CONTENT_PROVIDERS, scheduledText, scheduledTitle } from "./scheduled-text.ts";
import type { EditedScheduledPost, ScheduledPostEdit } from "./scheduling.schema.ts";

/** Editable while cancellable: not yet claimed by a worker. */
export const EDITABLE_STATUSES: JobStatus[] = CANCELLABLE_STATUSES;

type Payload = Record<string, unknown>;
type JobRow = { id: string; provider: Provider; status: JobStatus; payload: Payload };

export async function editScheduledPost(scope: Scope, scheduledPostId: string, edit: ScheduledPostEdit): Promise<EditedScheduledPost> {
  assertCan(scope, "content.publish");
  if (!isUuid(scheduledPostId)) throw notFound("Scheduled post");
  const job = await readJob(scope, scheduledPostId);
  if (FIXED_CONTENT_PROVIDERS.includes(job.provider)) {
    throw new AppError("CONFLICT", "An accepted instagram schedule's content is fixed: change its time or cancel it", { provider: job.provider });
  }
  if (!EDITABLE_STATUSES.includes(job.status)) throw notEditable(job.status);
  const payload = editedPayload(job.provider, job.payload, edit);

  const [updated] = await sql<JobRow>(
    "scheduled-edit",
    `WITH j AS (
       UPDATE "PublishJob" SET payload = $3::jsonb, "updatedAt" = now()
        WHERE id = $1 AND "workspaceId" = $2 AND status = ANY($5::"JobStatus"[]) AND "leaseOwner" IS NULL AND payload = $4::jsonb
        RETURNING id, provider, status, payload, "scheduledPostId", "accountId", "scheduledAt"
     ), p AS (
       UPDATE "ScheduledPost" SET content = $3::jsonb, "updatedAt" = now()
        WHERE id IN (SELECT "scheduledPostId" FROM j) AND content = $4::jsonb
     )
     SELECT id, provider, status, payload FROM j`,
    [job.id, scope.workspaceId, JSON.stringify(payload), JSON.stringify(job.payload), EDITABLE_STATUSES],
  );
  if (!updated) {
    // Started (or canceled) meanwhile, or edited by someone else since it was read.
    const now = await readJob(scope, scheduledPostId);
    if (!EDITABLE_STATUSES.includes(now.status)) throw notEditable(now.status);
    throw new AppError("CONFLICT", "The post was changed at the same time; reload it and edit again");
  }
  return {
    scheduledPostId,
    jobId: updated.id,
    provider: updated.provider,
    status: updated.status,
    text: scheduledText(updated.provider, updated.payload),
    title: scheduledTitle(updated.provider, updated.payload),
    summary: summaryOf(updated.payload),
  };
}

async function readJob(scope: Scope, scheduledPostId: string): Promise<JobRow> {
  const [job] = await sql<JobRow>(
    "scheduled-edit-read",
    `SELECT id, provider, status, payload FROM "PublishJob" WHERE "scheduledPostId" = $1 AND "workspaceId" = $2`,
    [scheduledPostId, scope.workspaceId],
  );
  if (!job) throw notFound("Scheduled post");
  return job;
}

function notEditable(status: JobStatus): AppError {
  const why = status === "canceled" ? "it is canceled" : status === "published" ? "it is already published" : `publishing has started (status ${status})`;
  return new AppError("POST_NOT_CANCELLABLE", `This scheduled post can no longer be edited: ${why}`, { status });
}

/** The payload with the new words, or 422 naming what breaks a rule of the platform. */
export function editedPayload(provider: Provider, payload: Payload, edit: ScheduledPostEdit): Payload {
  const issues = new Issues();
  if (!contentEditable(provider, payload)) issues.add("text", `this ${provider} post carries no text`, "not_editable");
  if (edit.title !== undefined && provider !== "youtube") issues.add("title", "only youtube posts have a title", "not_allowed");
  issues.throwIfAny();
  const text = edit.text;
  const next: Payload = { ...payload };
  switch (provider) {
    case "x":
    case "threads":
    case "linkedin": {
      if (text === undefined) break;
      const posts = Array.isArray(payload.posts) ? [...(payload.posts as string[])] : [""];
      const media = Array.isArray(payload.media) ? (payload.media as unknown[][]) : [];
      const hasMedia = (media[0]?.length ?? 0) > 0 || payload.document !== undefined;
      if (text.trim() === "" && !hasMedia) issues.add("text", "must not be empty");
      const length = textLength(provider, text);
      if (length > TEXT_LIMITS[provider]) {
        issues.add(
          "text",
          `is ${length} ${provider === "x" ? "weighted characters (as X counts)" : "characters"}; ${provider} allows ${TEXT_LIMITS[provider]}`,
          "too_long",
        );
      }
      posts[0] = text;
      next.posts = posts;
      break;
    }
    case "tiktok":
      if (text === undefined) break;
      if (text.length > TIKTOK_CAPTION_UTF16) issues.add("text", `is ${text.length} UTF-16 code units; tiktok allows ${TIKTOK_CAPTION_UTF16}`, "too_long");
      next.caption = text;
      break;
    case "youtube":
      if (edit.title !== undefined) {
        if (edit.title.trim() === "") issues.add("title", "must not be empty");
        else if (codePoints(edit.title) > YOUTUBE_TITLE)
          issues.add("title", `is ${codePoints(edit.title)} characters; youtube allows ${YOUTUBE_TITLE}`, "too_long");
        next.title = edit.title;
      }
      if (text !== undefined) {
        if (codePoints(text) > YOUTUBE_DESCRIPTION) issues.add("text", `is ${codePoints(text)} characters; youtube allows ${YOUTUBE_DESCRIPTION}`, "too_long");
        next.description = text;
      }
      break;
    case "facebook": {
      if (text === undefined) break;
      // stored trimmed, an empty one as none, as at acceptance
      const message = text.trim();
      if (message.length > FACEBOOK_MESSAGE) issues.add("text", `is ${message.length} characters; facebook allows ${FACEBOOK_MESSAGE}`, "too_long");
      const items = Array.isArray(payload.items) ? payload.items : [];
      if (payload.contentType === "FEED" && items.length === 0 && !message) issues.add("text", "a FEED post needs a non-empty message or media", "required");
      next.message = message ? message : null;
      break;
    }
    default:
      issues.add("text", `${provider} posts cannot be edited`, "not_editable");
  }
  issues.throwIfAny();
  return next;
}
