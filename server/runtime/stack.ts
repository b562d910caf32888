// The whole service on one machine: database (embedded by default), migrations, the platform
// sandbox (default mode), a worker, and the web app. Used by `npm start` and the test harness.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { env } from "../env.ts";
import { platformConfig } from "../platforms/config.ts";
import { ensureBuild } from "./build.ts";
import { prepareDatabase, type Database } from "./database.ts";
import { deadWorkers } from "./dead-workers.ts";
import { ensurePrismaClient } from "./prisma-client.ts";
import { startService, waitForHttp, type Service } from "./services.ts";

/** Node arguments that run a TypeScript entry of ours (tsx's loader). */
export function tsxArgs(root: string): string[] {
  return ["--import", pathToFileURL(createRequire(path.join(root, "package.json")).resolve("tsx")).href];
}

export type Stack = { url: string; databaseUrl: string; services: Service[]; stop(): Promise<void> };

export async function startStack(opts: { log: (line: string) => void; database?: Database; dev?: boolean }): Promise<Stack> {
  const e = env();
  const root = e.projectRoot;
  ensurePrismaClient(root);
  const database =
    opts.database ??
    (await prepareDatabase({ log: (l) => e.logLevel === "debug" && opts.log(`[postgres] ${l}`), supervise: (l) => opts.log(`[launcher] ${l}`) }));
  const services: Service[] = [];
  const dead = deadWorkers(database.url, opts.log);
  const stop = async () => {
    // Ctrl+C reaches the embedded PostgreSQL too (the terminal signals the whole process group),
    // and it may stop before the services do: that is the stop we asked for, not a crash.
    database.endSupervision?.();
    await Promise.all(services.map((s) => s.stop()));
    await dead.close();
    await database.stop();
  };
  try {
    if (!opts.dev) await ensureBuild(root, opts.log);
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      ...(database.embedded ? { POSTEADY_EMBEDDED_DATABASE: "1" } : {}),
      POSTEADY_ROOT: root,
      PUBLIC_URL: e.publicUrl,
      NEXTAUTH_URL: e.publicUrl,
      NEXT_TELEMETRY_DISABLED: "1",
    };
    const platforms = platformConfig();
    if (platforms.mode === "sandbox") {
      const sandbox = startService("sandbox", [...tsxArgs(root), path.join(root, "server", "sandbox", "main.ts")], {
        cwd: root,
        env: childEnv,
        log: opts.log,
      });
      services.push(sandbox);
      await waitForHttp(`http://127.0.0.1:${platforms.sandboxPort}/_sandbox/faults`, sandbox, 60_000);
    }
    const workers = e.workers;
    for (let i = 0; i < workers; i++) {
      services.push(
        startService(workers > 1 ? `worker-${i + 1}` : "worker", [...tsxArgs(root), path.join(root, "server", "jobs", "worker.ts")], {
          cwd: root,
          env: childEnv,
          log: opts.log,
          onDeath: dead.onDeath,
        }),
      );
    }
    const webEntry = [...tsxArgs(root), path.join(root, "server", "runtime", "web-server.ts"), ...(opts.dev ? ["--dev"] : [])];
    const web = startService("web", webEntry, {
      cwd: root,
      env: { ...childEnv, NODE_ENV: opts.dev ? "development" : "production" },
      log: opts.log,
    });
    services.push(web);
    const local = `http://${e.host === "0.0.0.0" ? "127.0.0.1" : e.host}:${e.port}`;
    await waitForHttp(`${local}/api/health`, web);
    // Up: from now on a process that dies is restarted; one that died while starting fails the start.
    for (const service of services) service.markUp();
    const failed = services.find((s) => s.child.exitCode !== null || s.child.signalCode !== null);
    if (failed) throw new Error(`The ${failed.name} process exited while the service was starting; see the log above.`);
    return { url: e.publicUrl, databaseUrl: database.url, services, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
