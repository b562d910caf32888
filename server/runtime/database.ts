// Decides which PostgreSQL the installation uses (DATABASE_URL, or the embedded default) and
// brings its schema up to date. Used by `npm start`, the CLI, workers and the test harness.
import { env, resetEnv } from "../env.ts";
import { ensureEmbeddedPostgres } from "./embedded-postgres.ts";
import { applyMigrations } from "./migrate.ts";
import { migrateQueue } from "../jobs/queue.ts";
import { ensurePrismaClient } from "./prisma-client.ts";

export type Database = {
  url: string;
  stop(): Promise<void>;
  /** the launcher is stopping: an exit of the embedded server is no longer a fault to restart from */
  endSupervision?(): void;
  embedded: boolean;
};

export async function prepareDatabase(
  opts: {
    migrate?: boolean;
    log?: (l: string) => void;
    databaseName?: string;
    /** restart the embedded server if it stops while this process runs it (the launcher) */
    supervise?: (line: string) => void;
  } = {},
): Promise<Database> {
  const e = env();
  let db: Database;
  if (e.databaseUrl) {
    db = { url: e.databaseUrl, stop: async () => {}, embedded: false };
  } else {
    const embedded = await ensureEmbeddedPostgres({
      dataDir: e.dataDir,
      password: e.postgresPassword,
      database: opts.databaseName ?? "posteady",
      log: opts.log,
      supervise: opts.supervise,
    });
    db = { url: embedded.url, stop: embedded.stop, endSupervision: embedded.endSupervision, embedded: true };
  }
  if (opts.migrate !== false) {
    await applyMigrations(db.url, e.projectRoot);
    await migrateQueue(db.url);
  }
  return db;
}

/**
 * For a process of the installation run on its own (the CLI, `npm run worker`): DATABASE_URL,
 * or the embedded server of DATA_DIR (reused if running, started otherwise), exactly as
 * `npm start` finds it; the process's configuration then points at it.
 */
export async function useInstallationDatabase(opts: { migrate?: boolean } = {}): Promise<Database> {
  ensurePrismaClient(env().projectRoot);
  const database = await prepareDatabase({ migrate: opts.migrate });
  if (!env().databaseUrl) {
    // for this process's configuration and the children it starts
    process.env.DATABASE_URL = database.url;
    process.env.POSTEADY_EMBEDDED_DATABASE = "1";
    resetEnv();
  }
  return database;
}
