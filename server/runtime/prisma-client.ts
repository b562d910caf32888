// Generates the Prisma client when it is missing or older than the schema (offline recipe).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export function ensurePrismaClient(projectRoot: string): void {
  const schema = path.join(projectRoot, "prisma", "schema.prisma");
  const client = path.join(projectRoot, "server", "db", "generated", "client.ts");
  if (fs.existsSync(client) && fs.statSync(client).mtimeMs >= fs.statSync(schema).mtimeMs) return;
  const cli = createRequire(path.join(projectRoot, "package.json")).resolve("prisma/build/index.js");
  const result = spawnSync(process.execPath, [cli, "generate"], {
    cwd: projectRoot,
    env: prismaCliEnv(),
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`prisma generate failed:\n${result.stdout}${result.stderr}`);
}

/** Environment for the Prisma CLI: no engine downloads, no telemetry (TOOLCHAIN.md). */
export function prismaCliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Any existing file: skips the engine download check; nothing executes them with engine "js".
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    PRISMA_QUERY_ENGINE_LIBRARY: process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1", // no telemetry call: the network is closed and it would wait for a timeout
    ...extra,
  };
}
