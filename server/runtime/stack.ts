// The whole service on one machine: database (embedded by default), migrations, the web app
// (Next.js), and the processes later issues add. Used by `npm start` and the test harness.
import { createRequire } from "node:module";
import path from "node:path";
import { env } from "../env.ts";
import { ensureBuild } from "./build.ts";
import { prepareDatabase } from "./database.ts";
import { ensurePrismaClient } from "./prisma-client.ts";
import { startService, waitForHttp, type Service } from "./services.ts";

export type Stack = { url: string; databaseUrl: string; stop(): Promise<void>; exited: Promise<string> };

export async function startStack(opts: { log: (line: string) => void }): Promise<Stack> {
  const e = env();
  const root = e.projectRoot;
  ensurePrismaClient(root);
  const database = await prepareDatabase({ log: (l) => e.logLevel === "debug" && opts.log(`[postgres] ${l}`) });
  const services: Service[] = [];
  const stop = async () => {
    await Promise.all(services.map((s) => s.stop()));
    await database.stop();
  };
  try {
    await ensureBuild(root, opts.log);
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      ...(database.embedded ? { POSTEADY_EMBEDDED_DATABASE: "1" } : {}),
      POSTEADY_ROOT: root,
      PUBLIC_URL: e.publicUrl,
      NEXTAUTH_URL: e.publicUrl,
      NEXT_TELEMETRY_DISABLED: "1",
    };
    const nextBin = createRequire(path.join(root, "package.json")).resolve("next/dist/bin/next");
    const web = startService("web", [nextBin, "start", "--port", String(e.port), "--hostname", e.host], { cwd: root, env: childEnv, log: opts.log });
    services.push(web);
    const local = `http://${e.host === "0.0.0.0" ? "127.0.0.1" : e.host}:${e.port}`;
    await waitForHttp(`${local}/api/health`, web);
    const exited = Promise.race(services.map((s) => s.exited.then(() => s.name)));
    return { url: e.publicUrl, databaseUrl: database.url, stop, exited };
  } catch (err) {
    await stop();
    throw err;
  }
}
