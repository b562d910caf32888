// Applies the committed Prisma migrations (prisma migrate deploy), offline, as TOOLCHAIN.md describes.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { prismaCliEnv } from "./prisma-client.ts";

/** Migration folders not yet recorded as applied (`prisma migrate deploy` is only run when there are some). */
async function pendingMigrations(databaseUrl: string, projectRoot: string): Promise<string[]> {
  const folders = fs
    .readdirSync(path.join(projectRoot, "prisma", "migrations"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const applied = await client
      .query<{ migration_name: string }>(`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`)
      .then((r) => new Set(r.rows.map((row) => row.migration_name)))
      .catch(() => new Set<string>()); // no table yet: everything is pending
    return folders.filter((f) => !applied.has(f));
  } finally {
    await client.end();
  }
}

export async function applyMigrations(databaseUrl: string, projectRoot: string): Promise<void> {
  if ((await pendingMigrations(databaseUrl, projectRoot)).length === 0) return;
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
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed (exit ${code}):\n${output}`))));
  });
}
