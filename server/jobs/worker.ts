// `npm run worker`: a worker process. Any number can run, on any machines, against one
// database; `npm start` runs one. Scheduled tasks (crontab) run once per tick across all.
import { run, type TaskList } from "graphile-worker";
import { closeDb } from "../db.ts";
import { env } from "../env.ts";
import { log } from "../log.ts";
import { expireUploadsTask } from "./tasks/expire-uploads.ts";
import { refreshExpiringTokensTask } from "./tasks/refresh-expiring-tokens.ts";

export const taskList: TaskList = {
  "refresh-expiring-tokens": refreshExpiringTokensTask,
  "expire-uploads": expireUploadsTask,
};

const crontab = ["*/5 * * * * refresh-expiring-tokens ?fill=10m", "*/10 * * * * expire-uploads ?fill=30m"].join("\n");

const e = env();
if (!e.databaseUrl) throw new Error("DATABASE_URL is not set; run the worker through `npm start` or set DATABASE_URL");
const runner = await run({
  connectionString: e.databaseUrl,
  concurrency: Number(process.env.WORKER_CONCURRENCY ?? 16),
  pollInterval: 1000,
  taskList,
  crontab,
  noHandleSignals: true,
});
log.info("worker started", { concurrency: Number(process.env.WORKER_CONCURRENCY ?? 16) });

const stop = async () => {
  await runner.stop();
  await closeDb();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
await runner.promise;
