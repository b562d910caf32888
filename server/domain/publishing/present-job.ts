// A publish job as the API shows it (SPEC.md "Publish job"), and as a publish result.
import type { ConnectedAccount, PublishJob } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { PublishJobView } from "./publishing.schema.ts";

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
    scheduledAt: job.scheduledAt?.toISOString() ?? null,
    startedLateMs: job.startLateMs,
    ...(job.errorCode ? { error: { code: job.errorCode, message: job.errorMessage ?? "" } } : {}),
  };
}

/**
 * The result entry of a media request. A new or active job is accepted (success: true). A
 * replay of a finished job answers its outcome; an unsuccessful one is 502 except on Facebook,
 * whose terminal replays answer 200 with success false (SPEC.md).
 */
export function mediaResult(job: PublishJob, account: ConnectedAccount, replay: boolean) {
  const base = { accountId: account.id, provider: account.provider, username: account.username, jobId: job.id, status: job.status };
  if (!terminalStatuses.has(job.status)) return { httpStatus: 202 as const, result: { ...base, success: true, postIds: [] as string[] } };
  if (!replay) throw new Error("a new job cannot be terminal");
  const error = job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? "" } : undefined;
  if (job.status === "published") return { httpStatus: 200 as const, result: { ...base, success: true, postIds: job.postIds.length ? job.postIds : job.postId ? [job.postId] : [] } };
  if (account.provider !== "facebook") {
    throw new AppError("JOB_NOT_SUCCESSFUL", `This request's job ended ${job.status}${error ? ` (${error.code}: ${error.message})` : ""}; send a new requestId to try again`, {
      jobId: job.id,
      status: job.status,
      ...(error ? { error } : {}),
    });
  }
  return { httpStatus: 200 as const, result: { ...base, success: false, postIds: [] as string[], ...(error ? { error } : {}) } };
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
