// Decides which PostgreSQL the installation uses (DATABASE_URL, or the embedded default) and
// brings its schema up to date. Used by `npm start`, the CLI, workers and the test harness.
import { env, resetEnv } from "../env.ts";
import pg from "pg";
import { ensureEmbeddedPostgres, NoInstallationDataError } from "./embedded-postgres.ts";
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
    /** use only a database that already holds an installation's data; never create one (`cli mcp`) */
    existingOnly?: boolean;
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
      existingOnly: opts.existingOnly,
    });
    db = { url: embedded.url, stop: embedded.stop, endSupervision: embedded.endSupervision, embedded: true };
  }
  if (opts.existingOnly && !(await holdsInstallationData(db.url))) {
    await db.stop();
    throw new NoInstallationDataError(db.embedded ? `The Posteady database in ${e.dataDir} is empty` : "The database at DATABASE_URL holds no Posteady data");
  }
  if (opts.migrate !== false) {
    await applyMigrations(db.url, e.projectRoot);
    await migrateQueue(db.url);
  }
  return db;
}

/** Whether the service's migrations were ever applied there: an installation, not an empty database. */
async function holdsInstallationData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS migrated");
    return found.rows[0].migrated === true;
  } finally {
    await client.end();
  }
}

/**
 * For a process of the installation run on its own (the CLI, `npm run worker`): DATABASE_URL,
 * or the embedded server of DATA_DIR (reused if running, started otherwise), exactly as
 * `npm start` finds it; the process's configuration then points at it.
 */
export async function useInstallationDatabase(opts: { migrate?: boolean; existingOnly?: boolean } = {}): Promise<Database> {
  ensurePrismaClient(env().projectRoot);
  const database = await prepareDatabase({ migrate: opts.migrate, existingOnly: opts.existingOnly });
  if (!env().databaseUrl) {
    // for this process's configuration and the children it starts
    process.env.DATABASE_URL = database.url;
    process.env.POSTEADY_EMBEDDED_DATABASE = "1";
    resetEnv();
  }
  return database;
}
