// `npm run worker`: a worker process. Any number can run, on any machines, against one
// database; `npm start` runs one. Scheduled tasks (crontab) run once per tick across all.
import { Logger, run, type TaskList } from "graphile-worker";
import { EventEmitter } from "node:events";
import v8 from "node:v8";
import { closeDb, setDatabaseDeadline } from "../db.ts";
import { isDatabaseUnavailable } from "../db-unavailable.ts";
import { GENERATE_CAROUSEL_TASK } from "../domain/carousels/generation-queue.ts";
import { SYNC_TASK } from "../domain/posts/sync-queue.ts";
import { startDispatcher, stopDispatcher } from "../domain/publishing/engine/dispatcher.ts";
import { flows } from "../domain/publishing/modes/index.ts";
import { enqueueSyncAfterPublish } from "../domain/posts/sync-queue.ts";
import { dropWorkerLease, recordQueuePool, workerLease } from "../domain/publishing/engine/worker-lease.ts";
import { env, exitOnInvalidConfiguration } from "../env.ts";
import { log } from "../log.ts";
import { expireUploadsTask } from "./tasks/expire-uploads.ts";
import { generateCarouselTask, sweepCarouselsTask } from "./tasks/generate-carousel.ts";
import { importMediaTask, sweepMediaImportsTask } from "./tasks/import-media.ts";
import { IMPORT_MEDIA_TASK } from "../domain/media/imports/import-queue.ts";
import { RUN_IMPORT_TASK } from "../domain/imports/import-queue.ts";
import { runImportTask, sweepImportsTask } from "./tasks/run-import.ts";
import { startClock } from "./clock.ts";
import { startWebhookDispatcher } from "./webhook-dispatcher.ts";
import { patientPool } from "./patient-pool.ts";
import { useInstallationDatabase } from "../runtime/database.ts";
import { refreshExpiringTokensTask } from "./tasks/refresh-expiring-tokens.ts";
import { scheduleSyncsTask, syncAccountTask } from "./tasks/sync-account.ts";
import { extendSeriesTask, fillEvergreenTask } from "./tasks/series-and-evergreen.ts";
import { pollFeedsTask } from "./tasks/poll-feeds.ts";
import { sendEmailTask } from "./tasks/send-email.ts";
import { SEND_EMAIL_TASK } from "../mail/enqueue-email.ts";

export const taskList: TaskList = {
  "refresh-expiring-tokens": refreshExpiringTokensTask,
  "expire-uploads": expireUploadsTask,
  [SYNC_TASK]: syncAccountTask,
  "schedule-syncs": scheduleSyncsTask,
  [GENERATE_CAROUSEL_TASK]: generateCarouselTask,
  "sweep-carousels": sweepCarouselsTask,
  [IMPORT_MEDIA_TASK]: importMediaTask,
  "sweep-media-imports": sweepMediaImportsTask,
  "extend-series": extendSeriesTask,
  "fill-evergreen": fillEvergreenTask,
  [RUN_IMPORT_TASK]: runImportTask,
  "sweep-imports": sweepImportsTask,
  "poll-feeds": pollFeedsTask,
  [SEND_EMAIL_TASK]: sendEmailTask,
};

const crontab = [
  "*/5 * * * * refresh-expiring-tokens ?fill=10m",
  "*/10 * * * * expire-uploads ?fill=30m",
  "* * * * * schedule-syncs",
  "*/5 * * * * sweep-carousels",
  "* * * * * sweep-media-imports",
  "*/10 * * * * extend-series ?fill=1h",
  "*/5 * * * * fill-evergreen",
  "* * * * * sweep-imports",
  "* * * * * poll-feeds",
].join("\n");

// The queue's own messages go to our log; its per-job lines ("Completed task …") at debug, so
// a busy worker does not spend its time writing them.
const queueLogger = new Logger((scope) => (level, message, meta) => {
  const fields: Record<string, unknown> = { ...scope, ...meta };
  // pg's errors carry their whole client (err.client); the message and code say what happened
  const code = (fields.error as { code?: string } | undefined)?.code;
  if (fields.error instanceof Error) fields.error = { message: fields.error.message, code };
  // a database shutting down (code 57P01), as with Ctrl+C in a terminal, is not the queue's fault
  // the pool-size advice assumes each slot fetches its own entries; the local queue fetches for all
  if (message.startsWith("WARNING: having maxPoolSize")) log.debug(message, fields);
  else if (level === "error" && code !== "57P01") log.error(message, fields);
  else if (level === "warning" || level === "error") log.warn(message, fields);
  else log.debug(message, fields);
});

// A stop asked for while the worker starts (SIGTERM from the launcher, systemd, a test) waits for
// the start to finish, then stops cleanly; without a listener, Node would exit at once.
// eslint-disable-next-line prefer-const -- onSignal reads it before the assignment below; a const there would throw
let stopWorker: (() => Promise<void>) | undefined;
let stopAsked = false;
const onSignal = () => (stopWorker ? void stopWorker() : void (stopAsked = true));
process.on("SIGTERM", onSignal).on("SIGINT", onSignal);

// A statement cut off by a database restart can still reject where the queue does not listen
// (its job-done write is not awaited); the process lives on, and the watchdog and the queue's
// own retries pick the work up again. Anything else unheard is a bug: exit, and the launcher
// restarts the worker.
process.on("unhandledRejection", (err) => {
  if (isDatabaseUnavailable(err)) return log.warn("a database statement was cut off by an outage", { error: String(err) });
  log.error("unhandled rejection; exiting", { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});

exitOnInvalidConfiguration();

// Thousands of runs parked at once leave a lot of short-lived garbage; by default V8 lets the heap
// grow to up to four times what is live before collecting it (the worker's RSS went past 550 MB
// in a 10,000-post burst with ~150 MB live). Collecting at one and a half times keeps it near
// 320 MB for ~8% more worker CPU (docs/performance.md).
v8.setFlagsFromString("--heap-growing-percent=50");

// The installation's database, as `npm start` finds it: DATABASE_URL, or the embedded server of DATA_DIR.
// (Under `npm start`, DATABASE_URL is set and the launcher has migrated it already.)
const database = await useInstallationDatabase({ migrate: !env().databaseUrl });
const e = env();
// A worker's statements are larger than a request's (a claim of hundreds of jobs) and nobody
// waits on them: a longer deadline (docs/reliability.md, "A stalled database").
setDatabaseDeadline(e.workerDatabaseTimeoutSeconds);
// The queue (graphile-worker) carries the upkeep, syncs, carousels and imports; publish jobs are
// claimed from their own table (engine/dispatcher.ts). It fetches entries in batches (its local
// queue), so idle slots do not each poll the database.
const QUEUE_CONCURRENCY = 32;
const queuePool = patientPool(e.databaseUrl!, 10, e.workerDatabaseTimeoutSeconds);
await workerLease(); // the lease every run of this process holds its jobs under (engine/worker-lease.ts)
// the queue pool's id goes on the lease at once, so the launcher can free its locks if it dies
const events = new EventEmitter();
let poolRecorded: Promise<void> | undefined;
events.once("pool:create", ({ workerPool }: { workerPool: { id: string } }) => void (poolRecorded = recordQueuePool(workerPool.id)));
const runner = await run({
  events,
  pgPool: queuePool,
  concurrency: QUEUE_CONCURRENCY,
  // Entries arrive by NOTIFY at once; this poll is the fallback.
  pollInterval: 500,
  preset: { worker: { localQueue: { size: QUEUE_CONCURRENCY }, completeJobBatchDelay: 0 } },
  taskList,
  crontab,
  noHandleSignals: true,
  logger: queueLogger,
});
await poolRecorded;
// Publish runs mostly wait on platforms (a run waiting for processing even gives its slot back),
// so many run at once.
startDispatcher({ slots: e.workerConcurrency, flows, hooks: { onPublished: (job) => enqueueSyncAfterPublish(job.accountId) } });
const clock = startClock();
const webhooks = startWebhookDispatcher();

let stopping = false;
stopWorker = async () => {
  if (stopping) return;
  stopping = true;
  clock.stop();
  await webhooks.stop();
  // parked runs hand their jobs back (woken at once, by another worker); running ones end
  await stopDispatcher();
  await runner.stop();
  await dropWorkerLease();
  await queuePool.end();
  await closeDb();
  await database.stop();
  process.exit(0);
};
if (stopAsked) void stopWorker();
log.info("worker started", { publishSlots: e.workerConcurrency });
// The queue stops by itself only after a fault it could not outlive: exit non-zero, so a
// supervisor (the launcher, systemd) starts a fresh worker.
await runner.promise.then(
  () => !stopping && process.exit(1),
  (err: unknown) => {
    log.error("the queue stopped", { error: String(err) });
    process.exit(1);
  },
);
