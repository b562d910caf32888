// Test data made through the domain functions, as users would make it.
import crypto from "node:crypto";
import { afterAll, expect, inject } from "vitest";
import { db, type Plan } from "../db.ts";
import { findApiKeyIdentity } from "../domain/api-keys/authenticate-api-key.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { signUp } from "../domain/auth/sign-up.ts";
import { setOrganizationPlan } from "../domain/organizations/set-plan.ts";
import { systemScope } from "../scope.ts";

export const uniqueEmail = (label = "user") => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** A user with an organization and workspace on `plan` (default Creator) and an API key. */
export async function createWorkspaceWithKey(opts: { plan?: Plan } = {}) {
  const email = uniqueEmail();
  const password = "password-" + crypto.randomUUID();
  const { user, workspace, organization } = await signUp({ email, password }, { plan: "CREATOR" });
  const { key, apiKey } = await createApiKey(await systemScope(workspace.id), { name: "test" });
  if (opts.plan && opts.plan !== "CREATOR") await setOrganizationPlan(organization.id, opts.plan);
  return { user, workspace, organization, email, password, key, apiKeyId: apiKey.id, scope: await systemScope(workspace.id) };
}

/** fetch against the running test app. */
export function api(key?: string) {
  const baseUrl = inject("baseUrl");
  const send: Send = async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (key) headers.Authorization = `Bearer ${key}`;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["Content-Type"] = "application/json";
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  };
  return async (method: string, path: string, init: ApiInit = {}): Promise<ApiResponse> =>
    dryRuns && method === "POST" && DRY_RUN_PATHS.has(path) ? withDryRun(key, path, init, send) : send(method, path, init);
}

/** The publishing writes whose dry run is `POST <path>/validate`. */
const DRY_RUN_PATHS = new Set(["/api/v1/posts", "/api/v1/scheduled-posts", "/api/v1/post-groups"]);
let dryRuns: { compared: number; refusals: number; rowChecks: number; inFlight: number; started: number } | null = null;

/**
 * From now on in this test file, every publishing write sent through api() is preceded by its dry
 * run with the same body, which must answer what the real call then answers (the same error, or
 * valid for a success) and leave no row behind. So every bad-input case of the publishing tests is
 * also a case of the dry run (issue 32; docs/testing.md).
 */
export function compareDryRunsWithRealCalls(): void {
  dryRuns = { compared: 0, refusals: 0, rowChecks: 0, inFlight: 0, started: 0 };
  afterAll(() => {
    console.log(`dry runs compared with the real call: ${dryRuns!.compared} (${dryRuns!.refusals} refusals; ${dryRuns!.rowChecks} checked to leave no row)`);
  });
}

type ApiInit = { body?: unknown; rawBody?: string; headers?: Record<string, string> };
export type ApiResponse = { status: number; headers: Headers; json: any; text: string };
type Send = (method: string, path: string, init: ApiInit) => Promise<ApiResponse>;

async function withDryRun(key: string | undefined, path: string, init: ApiInit, send: Send): Promise<ApiResponse> {
  const stats = dryRuns!;
  const alone = stats.inFlight === 0;
  const mine = ++stats.started;
  stats.inFlight++;
  try {
    const workspaceId = key ? (await findApiKeyIdentity(key))?.workspaceId : undefined;
    const before = workspaceId && alone ? await rowCount(workspaceId) : null;
    const dry = await send("POST", `${path}/validate`, init);
    // counted only when no other write of this file started or was under way meanwhile (concurrent
    // duplicates, races): another write may have come and gone between the two counts
    if (before !== null && stats.started === mine) {
      expect(await rowCount(workspaceId!), `the dry run of POST ${path} left rows behind`).toBe(before);
      stats.rowChecks++;
    }
    const real = await send("POST", path, init);
    const quiet = stats.inFlight === 1;
    stats.compared++;
    if (real.status < 300) {
      expect(dry.status, `dry run of POST ${path} refused what the real call accepted: ${dry.text}`).toBe(200);
      expect(dry.json.valid).toBe(true);
    } else if (real.status === 429 || dry.json?.replay === true || (real.json?.error?.details?.issues?.[0]?.code === "in_past" && dry.status === 200)) {
      // a rate limit, a replay (answered from the earlier job, 502 for a failed one), or a time
      // that passed between the two calls: not the body's answer
    } else if (quiet || [400, 403, 404, 422].includes(real.status)) {
      stats.refusals++;
      expect({ status: dry.status, body: dry.json }, `dry run of POST ${path} answered otherwise than the real call`).toEqual({
        status: real.status,
        body: real.json,
      });
    }
    return real;
  } finally {
    stats.inFlight--;
  }
}

async function rowCount(workspaceId: string): Promise<number> {
  const [groups, jobs, schedules] = await Promise.all([
    db.postGroup.count({ where: { workspaceId } }),
    db.publishJob.count({ where: { workspaceId } }),
    db.scheduledPost.count({ where: { workspaceId } }),
  ]);
  return groups + jobs + schedules;
}
