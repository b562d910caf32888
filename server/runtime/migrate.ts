// Applies the committed Prisma migrations (prisma migrate deploy), offline, as TOOLCHAIN.md describes.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { prismaCliEnv } from "./prisma-client.ts";

export async function applyMigrations(databaseUrl: string, projectRoot: string): Promise<void> {
  const require = createRequire(path.join(projectRoot, "package.json"));
  const cli = require.resolve("prisma/build/index.js");
  const preload = path.join(projectRoot, "server", "runtime", "prisma-cli-preload.cjs");
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const child = spawn(process.execPath, ["--require", preload, cli, "migrate", "deploy"], {
      cwd: projectRoot,
      env: prismaCliEnv({ DATABASE_URL: databaseUrl }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed (exit ${code}):\n${output}`)),
    );
  });
}
