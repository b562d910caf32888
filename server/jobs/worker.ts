// `npm run worker`: a worker process. Any number can run, on any machines, against one
// database; `npm start` runs one. Scheduled tasks (crontab) run once per tick across all.
import { Logger, run, type TaskList } from "graphile-worker";
import { builtinTemplates, renderPreview } from "../carousel/render/index.ts";
import { closeDb } from "../db.ts";
import { isDatabaseUnavailable } from "../db-unavailable.ts";
import { GENERATE_CAROUSEL_TASK } from "../domain/carousels/create-carousel.ts";
import { SYNC_TASK } from "../domain/posts/sync-queue.ts";
import { PUBLISH_TASK } from "../domain/publishing/engine/publish-queue.ts";
import { env, exitOnInvalidConfiguration } from "../env.ts";
import { log } from "../log.ts";
import { expireUploadsTask } from "./tasks/expire-uploads.ts";
import { generateCarouselTask, sweepCarouselsTask } from "./tasks/generate-carousel.ts";
import { busyAccountFlags, publishJobTask } from "./tasks/publish-job.ts";
import { startScheduler } from "./scheduler.ts";
import { startWatchdog } from "./watchdog.ts";
import { patientPool } from "./patient-pool.ts";
import { useInstallationDatabase } from "../runtime/database.ts";
import { refreshExpiringTokensTask } from "./tasks/refresh-expiring-tokens.ts";
import { scheduleSyncsTask, syncAccountTask } from "./tasks/sync-account.ts";

export const taskList: TaskList = {
  "refresh-expiring-tokens": refreshExpiringTokensTask,
  "expire-uploads": expireUploadsTask,
  [PUBLISH_TASK]: publishJobTask,
  [SYNC_TASK]: syncAccountTask,
  "schedule-syncs": scheduleSyncsTask,
  [GENERATE_CAROUSEL_TASK]: generateCarouselTask,
  "sweep-carousels": sweepCarouselsTask,
};

const crontab = [
  "*/5 * * * * refresh-expiring-tokens ?fill=10m",
  "*/10 * * * * expire-uploads ?fill=30m",
  "* * * * * schedule-syncs",
  "*/5 * * * * sweep-carousels",
].join("\n");

// The queue's own messages go to our log; its per-job lines ("Completed task …") at debug, so
// a busy worker does not spend its time writing them.
const queueLogger = new Logger((scope) => (level, message, meta) => {
  const fields: Record<string, unknown> = { ...scope, ...meta };
  // pg's errors carry their whole client (err.client); the message and code say what happened
  const code = (fields.error as { code?: string } | undefined)?.code;
  if (fields.error instanceof Error) fields.error = { message: fields.error.message, code };
  // a database shutting down (code 57P01), as with Ctrl+C in a terminal, is not the queue's fault
  if (level === "error" && code !== "57P01") log.error(message, fields);
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

// The installation's database, as `npm start` finds it: DATABASE_URL, or the embedded server of DATA_DIR.
// (Under `npm start`, DATABASE_URL is set and the launcher has migrated it already.)
const database = await useInstallationDatabase({ migrate: !env().databaseUrl });
const e = env();
// Jobs mostly wait on platforms, so many run at once; the queue holds a connection only to fetch
// and complete a job, so its pool can be smaller than the concurrency.
const concurrency = e.workerConcurrency;
const queuePool = patientPool(e.databaseUrl!, Math.max(10, Math.ceil(concurrency / 2)));
const runner = await run({
  pgPool: queuePool,
  concurrency,
  // New jobs arrive by NOTIFY at once; scheduled ones (started by ./scheduler.ts) are found by this poll.
  pollInterval: 500,
  taskList,
  forbiddenFlags: busyAccountFlags,
  crontab,
  noHandleSignals: true,
  logger: queueLogger,
});
const watchdog = startWatchdog();
const scheduler = startScheduler();

let stopping = false;
stopWorker = async () => {
  if (stopping) return;
  stopping = true;
  watchdog.stop();
  scheduler.stop();
  await runner.stop();
  await queuePool.end();
  await closeDb();
  await database.stop();
  process.exit(0);
};
if (stopAsked) void stopWorker();
log.info("worker started", { concurrency });
// The renderer's first slide in a process costs over a second (font parsing, layout engine
// start-up, partly synchronous): pay it at boot rather than in someone's carousel.
void renderPreview(builtinTemplates[0]!.design).catch((err) => log.warn("renderer warm-up failed", { error: String(err) }));
// The queue stops by itself only after a fault it could not outlive: exit non-zero, so a
// supervisor (the launcher, systemd) starts a fresh worker.
await runner.promise.then(
  () => !stopping && process.exit(1),
  (err: unknown) => {
    log.error("the queue stopped", { error: String(err) });
    process.exit(1);
  },
);
