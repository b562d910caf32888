// The stack the tests run against: the real web app on a free port, over a fresh database of
// its own (embedded PostgreSQL under .data/test, or TEST_DATABASE_URL, which must be local).
// The developer's DATABASE_URL is never used, so tests cannot touch real data.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { env, resetEnv } from "../env.ts";
import { resetPlatformConfig } from "../platforms/config.ts";
import { prepareDatabase, type Database } from "../runtime/database.ts";
import { freePort, processAlive } from "../runtime/embedded-postgres.ts";
import { applyMigrations } from "../runtime/migrate.ts";
import { migrateQueue } from "../jobs/queue.ts";
import { startStack } from "../runtime/stack.ts";
import { startSmtpInbox } from "./smtp-inbox.ts";

export type TestStack = {
  baseUrl: string;
  databaseUrl: string;
  dataDir: string;
  sandboxUrl: string;
  /** the test SMTP server's inbox folder (server/testing/smtp-inbox.ts): the stack's emails land there */
  mailDir: string;
  webPid: number;
  /** the worker processes' current ids (a killed worker is restarted by the launcher under a new one) */
  workerPids(): number[];
  stop(): Promise<void>;
};

/**
 * `databaseName`: the database to use in DATA_DIR's embedded server instead of one named for this
 * process. The installation's own name ("posteady") makes DATA_DIR alone name the stack's data, as
 * for `npm start`, so a local (stdio) agent configured with DATA_DIR finds it; two such stacks
 * must not run on one DATA_DIR at once (each starts it afresh).
 */
export async function startTestStack(name: string, opts: { databaseName?: string } = {}): Promise<TestStack> {
  const port = await freePort();
  const sandboxPort = await freePort();
  delete process.env.DATABASE_URL;
  process.env.PLATFORMS = "sandbox";
  process.env.SANDBOX_PORT = String(sandboxPort);
  process.env.SANDBOX_URL = `http://127.0.0.1:${sandboxPort}`;
  process.env.DATA_DIR ??= ".data/test";
  process.env.PORT = String(port);
  process.env.HOST = "127.0.0.1";
  process.env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  process.env.LOG_LEVEL ??= "warn";
  // The URL fetcher refuses loopback; tests serve pages on 127.0.0.2 and allow exactly that address.
  process.env.URL_FETCH_ALLOW_CIDRS ??= "127.0.0.2/32";
  process.env.SYNC_INTERVAL_MINUTES ??= "0"; // syncs only when a test asks (background ones would take its faults)
  process.env.WEBHOOK_RETRY_SCHEDULE ??= "1s,1s,2s,3s,5s,5s,5s"; // seconds where the default waits minutes to hours
  resetEnv();
  resetPlatformConfig();
  const e = env();
  fs.rmSync(path.join(e.dataDir, "sandbox"), { recursive: true, force: true }); // a fresh sandbox per run
  const logFile = path.join(e.dataDir, `${name}-stack.log`);
  fs.mkdirSync(e.dataDir, { recursive: true });
  const logStream = fs.createWriteStream(logFile, { flags: "w" });
  const log = (line: string) => logStream.write(line + "\n");

  // every stack sends its email to a real SMTP server of its own
  const inbox = await startSmtpInbox(path.join(e.dataDir, `${name}-mail`));
  process.env.SMTP_URL = inbox.url;
  const database = await freshDatabase(opts.databaseName ?? `posteady_${name.replace(/\W/g, "_")}_${process.pid}`);
  process.env.DATABASE_URL = database.url;
  process.env.POSTEADY_EMBEDDED_DATABASE = "1";
  resetEnv();
  const stack = await startStack({ log, database }).catch((err: Error) => {
    throw new Error(`${err.message}\n(see ${logFile})`);
  });
  return {
    baseUrl: stack.url,
    databaseUrl: database.url,
    dataDir: e.dataDir,
    sandboxUrl: process.env.SANDBOX_URL!,
    mailDir: inbox.dir,
    webPid: stack.services.find((s) => s.name === "web")!.child.pid!,
    workerPids: () => stack.services.filter((s) => s.name.startsWith("worker")).map((s) => s.child.pid!),
    stop: async () => {
      await stack.stop();
      await inbox.stop();
      logStream.end();
    },
  };
}

async function freshDatabase(dbName: string): Promise<Database> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const host = new URL(external).hostname;
    if (!["localhost", "127.0.0.1", "::1"].includes(host)) throw new Error(`Refusing to run tests against the non-local database ${host}`);
    await withClient(external, async (c) => {
      await c.query("DROP SCHEMA IF EXISTS graphile_worker CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
    });
    await applyMigrations(external, env().projectRoot);
    await migrateQueue(external);
    return { url: external, embedded: false, stop: async () => {} };
  }
  const server = await prepareDatabase({ migrate: false, databaseName: "postgres" });
  const admin = server.url;
  await withClient(admin, async (c) => {
    // Drop what earlier runs left behind (their process is gone), then start clean.
    const stale = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'posteady\\_%\\_%'");
    for (const { datname } of stale.rows) {
      const pid = Number(datname.split("_").pop());
      if (pid && pid !== process.pid && !processAlive(pid)) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${dbName}"`);
  });
  const target = new URL(admin);
  target.pathname = `/${dbName}`;
  const url = target.toString();
  await applyMigrations(url, env().projectRoot);
  await migrateQueue(url);
  return {
    url,
    embedded: true,
    stop: async () => {
      await withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)).catch(() => {});
      await server.stop();
    },
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
