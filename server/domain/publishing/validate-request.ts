// Every rule of a publish request, checked before anything is published or saved: the mode
// (decided by the accounts' providers and the fields present), account capabilities, text
// limits and the X link rule, and each media item (confirmed, of the workspace, of the right
// type, size and duration for the target). The answer is a normalized plan. What is shared by
// every mode is here; each mode's own rules are in modes/<mode>/rules.ts.
import { ACCOUNT_TIMESTAMPS, fromJsonRow, JOB_TIMESTAMPS, MEDIA_TIMESTAMPS, sql, type ConnectedAccount, type MediaItem, type PublishJob } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { computeCapabilities, publishBlockers } from "../accounts/capabilities.ts";
import { isUuid } from "../ids.ts";
import { mastodonLimitsOf } from "../accounts/mastodon-instance-limits.ts";
import type { MastodonLimits } from "./modes/text/mastodon.ts";
import type { PublishBody } from "./publishing.schema.ts";
import { mediaModeOf, mediaModes, textMode, type MediaPlan, type PublishPlan } from "./modes/index.ts";
import { checkMedia, type MediaRef } from "./modes/media-checks.ts";
import { Issues } from "./validation-issues.ts";

export type { MediaPlan, PublishPlan, TextPlan, TextTarget } from "./modes/index.ts";

export type RequestRows = { accounts: ConnectedAccount[]; earlierJobs: PublishJob[]; media: MediaItem[]; mastodonLimits?: MastodonLimits };

/**
 * What a publish or schedule request refers to, in one round trip: its accounts, in order (unknown
 * ids and other workspaces' ids are "not found"), the jobs of its requestIds (a replay), and its
 * media (checked later).
 */
export async function readRequest(scope: Scope, body: PublishBody): Promise<RequestRows> {
  const issues = new Issues();
  const seen = new Set<string>();
  body.accountIds.forEach((id, i) => {
    if (seen.has(id)) issues.add(`accountIds[${i}]`, "is listed twice", "duplicate");
    seen.add(id);
  });
  const requestIds = mediaModes.map((mode) => body[mode.field]?.requestId).filter((id): id is string => typeof id === "string" && isUuid(id));
  // Plain SQL on the accept path (see list-accounts.ts for why); rows come back as JSON.
  const [row] = await sql<{ accounts: Record<string, unknown>[]; jobs: Record<string, unknown>[]; media: Record<string, unknown>[] }>(
    "publish-request",
    `SELECT (SELECT coalesce(jsonb_agg(to_jsonb(a)), '[]') FROM "ConnectedAccount" a WHERE id = ANY($1::uuid[]) AND "workspaceId" = $2 AND "disconnectedAt" IS NULL) AS accounts,
            (SELECT coalesce(jsonb_agg(to_jsonb(j)), '[]') FROM "PublishJob" j WHERE "workspaceId" = $2 AND "requestId" = ANY($3::uuid[])) AS jobs,
            (SELECT coalesce(jsonb_agg(to_jsonb(m)), '[]') FROM "MediaItem" m WHERE id = ANY($4::uuid[]) AND "workspaceId" = $2 AND status IN ('RESERVED', 'CONFIRMED')) AS media`,
    [
      body.accountIds.filter(isUuid),
      scope.workspaceId,
      requestIds,
      mediaIdsOf(body)
        .map((r) => r.id)
        .filter(isUuid),
    ],
  );
  const byId = new Map(row!.accounts.map((a) => [a.id as string, fromJsonRow<ConnectedAccount>(a, ACCOUNT_TIMESTAMPS)]));
  body.accountIds.forEach((id, i) => {
    if (!byId.has(id)) issues.notFound(`accountIds[${i}]`, "no such account in this workspace");
  });
  issues.throwIfAny();
  const accounts = [...seen].map((id) => byId.get(id)!);
  return {
    accounts,
    // Mastodon's limits are its instance's (kept in PostgreSQL, read again when an hour old)
    mastodonLimits: await mastodonLimitsOf(accounts),
    earlierJobs: row!.jobs.map((j) => fromJsonRow<PublishJob>(j, JOB_TIMESTAMPS)),
    media: row!.media.map((m) => fromJsonRow<MediaItem>(m, MEDIA_TIMESTAMPS)),
  };
}

/** Capabilities are a discovery aid; every write re-checks them from the current row. */
export function assertCapable(accounts: ConnectedAccount[], action: "publish" | "schedule"): void {
  for (const account of accounts) {
    const caps = computeCapabilities(account);
    if (action === "publish" ? caps.publishPosts : caps.schedulePosts) continue;
    const reasons = publishBlockers(account);
    throw new AppError("FORBIDDEN", `@${account.username} (${account.provider}) cannot ${action} posts${reasons.length ? `: ${reasons.join("; ")}` : ""}`, {
      accountId: account.id,
      reasons,
    });
  }
}

/**
 * The media plan of an already-submitted request, if its requestId has a job: a replay answers
 * that job (or 409 on different input) without re-running the checks its acceptance passed.
 */
export function replayablePlan(accounts: ConnectedAccount[], body: PublishBody): MediaPlan | null {
  return accounts.length === 1 ? (mediaModeOf(accounts[0]!.provider)?.normalize(accounts[0]!, body) ?? null) : null;
}

export function validatePublishRequest(body: PublishBody, action: "publish" | "schedule", rows: RequestRows): PublishPlan {
  const { accounts } = rows;
  const issues = new Issues();
  if (accounts.length > 1 && accounts.some((a) => mediaModeOf(a.provider))) {
    issues.add(
      "accountIds",
      "tiktok, instagram, youtube and facebook accounts take exactly one account per request (publish text to several text accounts at once instead)",
    );
    issues.throwIfAny();
  }
  const account = accounts[0]!;
  const provider = account.provider;
  const mode = mediaModeOf(provider);
  for (const { field } of mediaModes) {
    if (body[field] !== undefined && field !== mode?.field) {
      issues.add(
        field,
        mode
          ? `not allowed for a ${provider} account (send only ${mode.field}${mode.takesPosts ? " and posts" : ""})`
          : "not allowed for text accounts (threads, x, linkedin)",
      );
    }
  }
  if (mode && body[mode.field] === undefined) issues.add(mode.field, `required for a ${provider} account`, "required");
  if (body.posts !== undefined && mode && !mode.takesPosts) {
    issues.add("posts", `not allowed for a ${provider} account: the ${mode.field} object is self-contained`);
  }
  issues.throwIfAny();
  const unavailable = mode?.unavailable?.();
  if (unavailable) throw new AppError("SERVICE_UNAVAILABLE", unavailable);
  assertCapable(accounts, action);

  if (!mode) return textMode.plan(accounts, body, issues, { mastodonLimits: rows.mastodonLimits });
  const found = checkMedia(rows.media, mode.mediaRefs(body), issues);
  mode.validate(body, found, issues);
  issues.throwIfAny();
  return mode.normalize(account, body)!;
}

function mediaIdsOf(body: PublishBody): MediaRef[] {
  return mediaModes.flatMap((mode) => mode.mediaRefs(body));
}
