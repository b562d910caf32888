// A publish job as the API shows it (SPEC.md "Publish job"), and as a publish result.
import type { ConnectedAccount, PublishJob } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { sandboxPostUrl } from "../../sandbox/sandbox-link.ts";
import { firstCommentStateSchema } from "./engine/first-comment.ts";
import type { FirstCommentView, PublishJobView } from "./publishing.schema.ts";

export const terminalStatuses = new Set(["published", "failed", "canceled", "unknown"]);

export function presentJob(job: PublishJob, account: Pick<ConnectedAccount, "username">): PublishJobView {
  return {
    jobId: job.id,
    scheduledPostId: job.scheduledPostId,
    platform: job.provider,
    accountId: job.accountId,
    username: account.username,
    status: job.status,
    postId: job.postId,
    permalink: job.permalink,
    sandboxUrl: sandboxPostUrl(job.permalink),
    scheduledAt: job.scheduledAt?.toISOString() ?? null,
    startedLateMs: job.startLateMs,
    ...(job.errorCode ? { error: { code: job.errorCode, message: job.errorMessage ?? "" } } : {}),
    ...firstCommentOf(job),
  };
}

/**
 * A job whose payload has a first comment shows what became of it: posted (with its id),
 * failed or unknown (with why) once tried; pending before the post is published; not_posted
 * when the post itself was not published.
 */
function firstCommentOf(job: PublishJob): { firstComment?: FirstCommentView } {
  const text = (job.payload as { firstComment?: unknown } | null)?.firstComment;
  if (typeof text !== "string" || !text) return {};
  const state = firstCommentStateSchema.safeParse((job.progress as Record<string, unknown> | null)?.firstComment);
  if (state.success) return { firstComment: state.data };
  return { firstComment: { status: terminalStatuses.has(job.status) ? "not_posted" : "pending" } };
}

/**
 * What a write did, for each door to say in its own terms (REST: the status code): `accepted`,
 * a job is under way (new, or a replay of one still running); `done`, the request's work is
 * finished (text published or scheduled, or a replay of a finished job). `replay` tells the
 * request was answered from an earlier one with the same requestId.
 */
export type WriteOutcome = { outcome: "accepted" | "done"; replay: boolean };

/**
 * How a media job answers the request that made it, or a replay of it: a new or active job is
 * accepted (success true); a published one done. Another finished job is 502
 * JOB_NOT_SUCCESSFUL, except on Facebook, whose terminal replays answer done with success false
 * (SPEC.md). Shared by POST /api/v1/posts and POST /api/v1/scheduled-posts.
 */
export function jobAnswer(job: PublishJob, account: ConnectedAccount, replay: boolean) {
  if (!terminalStatuses.has(job.status)) return { outcome: "accepted" as const, success: true };
  if (!replay) throw new Error("a new job cannot be terminal");
  if (job.status === "published") return { outcome: "done" as const, success: true };
  const error = job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? "" } : undefined;
  if (account.provider !== "facebook") {
    throw new AppError(
      "JOB_NOT_SUCCESSFUL",
      `This request's job ended ${job.status}${error ? ` (${error.code}: ${error.message})` : ""}; send a new requestId to try again`,
      {
        jobId: job.id,
        status: job.status,
        ...(error ? { error } : {}),
      },
    );
  }
  return { outcome: "done" as const, success: false, ...(error ? { error } : {}) };
}

/** The result entry of a media request to POST /api/v1/posts. */
export function mediaResult(job: PublishJob, account: ConnectedAccount, replay: boolean) {
  const { outcome, ...answer } = jobAnswer(job, account, replay);
  const postIds = job.status === "published" ? (job.postIds.length ? job.postIds : job.postId ? [job.postId] : []) : [];
  return {
    outcome,
    result: { accountId: account.id, provider: account.provider, username: account.username, jobId: job.id, status: job.status, postIds, ...answer },
  };
}

/** The words a person recognises a post by: its text, caption, title or message. */
export function summaryOf(payload: unknown): string {
  const p = (payload ?? {}) as Record<string, unknown>;
  const candidates = [Array.isArray(p.posts) ? p.posts[0] : undefined, p.title, p.caption, p.message];
  for (const value of candidates) {
    if (typeof value === "string" && value.trim()) return value.trim().slice(0, 140);
  }
  return "";
}
