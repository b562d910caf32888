// Decides which PostgreSQL the installation uses (DATABASE_URL, or the embedded default) and
// brings its schema up to date. Used by `npm start`, the CLI, workers and the test harness.
import { env } from "../env.ts";
import { ensureEmbeddedPostgres } from "./embedded-postgres.ts";
import { applyMigrations } from "./migrate.ts";
import { migrateQueue } from "../jobs/queue.ts";

export type Database = { url: string; stop(): Promise<void>; embedded: boolean };

export async function prepareDatabase(
  opts: { migrate?: boolean; log?: (l: string) => void; databaseName?: string } = {},
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
    });
    db = { url: embedded.url, stop: embedded.stop, embedded: true };
  }
  if (opts.migrate !== false) {
    await applyMigrations(db.url, e.projectRoot);
    await migrateQueue(db.url);
  }
  return db;
}
