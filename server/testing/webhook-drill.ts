// The webhook drill: media jobs publish while the receiver is down, then it comes back, and the
// worker is killed with SIGKILL in the middle of a delivery. Every event of every job must reach
// the receiver (at least once: duplicates share their webhook-id), verified with the
// standardwebhooks library. Used by `npm run drill:webhooks` and, small, by a test.
import { closeDb } from "../db.ts";
import { env, resetEnv } from "../env.ts";
import { resetPlatformConfig } from "../platforms/config.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { signUp } from "../domain/auth/sign-up.ts";
import { scopeFromSession } from "../scope.ts";
import { connectAccount } from "./account-fixtures.ts";
import { spawnWorker, until } from "./kill-drill.ts";
import { makeMp4 } from "./media-fixtures.ts";
import { startTestStack } from "./test-stack.ts";
import { startReceiver } from "./webhook-receiver.ts";

export type WebhookDrillOptions = { jobs: number; downSeconds: number; retrySchedule: string; log?: (line: string) => void };
export type WebhookDrillResult = {
  jobs: number;
  published: number;
  expectedEvents: number;
  eventsReceived: number;
  missing: string[];
  duplicates: number;
  duplicatesWithAnotherId: number;
  unverified: number;
  deliveredAfterUpSeconds: number;
};

const EVENTS = ["publish_job.queued", "publish_job.processing", "publish_job.published"];
/** TikTok's own cap: 25 posts a day per creator account. */
const POSTS_PER_ACCOUNT = 20;

export async function webhookDrill(o: WebhookDrillOptions): Promise<WebhookDrillResult> {
  const log = o.log ?? (() => {});
  process.env.WORKERS = "0"; // the drill runs its own worker, to kill it
  process.env.WEBHOOK_RETRY_SCHEDULE = o.retrySchedule;
  const stack = await startTestStack("webhook-drill");
  resetEnv();
  resetPlatformConfig();
  const receiver = await startReceiver();
  let worker = spawnWorker(stack);
  try {
    const { user, workspace } = await signUp({ email: `webhook-drill-${Date.now()}@example.test`, password: "drill-password" }, { plan: "BUSINESS" });
    const scope = await scopeFromSession(user.id, workspace.id);
    const { key } = await createApiKey(scope, { name: "drill" });
    const api = async (method: string, p: string, body?: unknown) =>
      (
        await fetch(stack.baseUrl + p, {
          method,
          headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
          body: body ? JSON.stringify(body) : undefined,
        })
      ).json();
    const hook = await api("POST", "/api/v1/webhooks", { url: receiver.url, events: EVENTS });
    receiver.useSecret(hook.secret);
    const bytes = makeMp4({ durationSeconds: 15 });
    const reserved = await api("POST", "/api/v1/media/uploads", { fileName: "drill.mp4", contentType: "video/mp4", fileSize: bytes.length });
    await fetch(reserved.uploadUrl, { method: "PUT", headers: reserved.requiredHeaders, body: new Uint8Array(bytes) });
    const { mediaId } = await api("POST", "/api/v1/media/uploads/confirm", { fileKey: reserved.fileKey });
    const accounts = [];
    for (let i = 0; i < Math.ceil(o.jobs / POSTS_PER_ACCOUNT); i++) accounts.push(await connectAccount(scope, "tiktok"));

    receiver.behave({ status: 503 });
    const downAt = Date.now();
    log(`receiver down; publishing ${o.jobs} TikTok videos over ${accounts.length} accounts`);
    const jobIds: string[] = [];
    for (let i = 0; i < o.jobs; i++) {
      const body = {
        accountIds: [accounts[i % accounts.length]!.accountId],
        posts: [`webhook drill ${i}`],
        video: { mediaId, requestId: crypto.randomUUID(), privacyLevel: "PUBLIC_TO_EVERYONE" },
      };
      jobIds.push((await api("POST", "/api/v1/posts", body)).results[0].jobId);
    }
    const terminal = new Set(["published", "failed", "unknown", "canceled"]);
    const statuses = await until(async () => {
      const all = await Promise.all(jobIds.map(async (id) => (await api("GET", `/api/v1/publish-jobs/${id}`)).status as string));
      return all.every((s) => terminal.has(s)) ? all : undefined;
    }, 30 * 60_000);
    log(`${statuses.filter((s) => s === "published").length} published while the receiver was down`);
    await new Promise((r) => setTimeout(r, Math.max(0, downAt + o.downSeconds * 1000 - Date.now())));

    // Back, slowly: the first delivery to arrive is held while its worker is killed.
    receiver.behave({ holdMs: 3000 });
    const upAt = Date.now();
    log("receiver back; killing the worker during a delivery");
    // the next attempt of any delivery comes at most the schedule's longest gap after its last
    const waitMs = Math.max(...env().webhookRetrySchedule) + 120_000;
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no delivery arrived within ${waitMs / 60_000} minutes of the receiver coming back`)), waitMs).unref(),
    );
    await Promise.race([receiver.requestArrived(), timeout]);
    worker.kill("SIGKILL");
    await new Promise((r) => worker.once("exit", r));
    receiver.behave({});
    worker = spawnWorker(stack);

    const expected = jobIds.flatMap((id) => EVENTS.map((type) => `${id} ${type}`));
    const arrived = () => new Set(receiver.received.map((r) => `${r.data?.jobId} ${r.type}`));
    await until(async () => expected.every((e) => arrived().has(e)), 90 * 60_000).catch(() => undefined);
    const deliveredAfterUpSeconds = (Date.now() - upAt) / 1000;
    const seen = arrived();
    const byEvent = new Map<string, Set<string>>();
    for (const r of receiver.received) {
      const k = `${r.data?.jobId} ${r.type}`;
      byEvent.set(k, (byEvent.get(k) ?? new Set()).add(r.webhookId));
    }
    return {
      jobs: o.jobs,
      published: statuses.filter((s) => s === "published").length,
      expectedEvents: expected.length,
      eventsReceived: receiver.received.length,
      missing: expected.filter((e) => !seen.has(e)),
      duplicates: receiver.received.length - seen.size,
      duplicatesWithAnotherId: [...byEvent.values()].filter((ids) => ids.size > 1).length,
      unverified: receiver.received.filter((r) => !r.verified).length,
      deliveredAfterUpSeconds,
    };
  } finally {
    worker.kill("SIGKILL");
    await receiver.close();
    await closeDb();
    await stack.stop();
  }
}
