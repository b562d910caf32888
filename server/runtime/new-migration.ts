// `npm run db:migration -- <name>`: writes the SQL that takes the committed schema (HEAD) to the
// working copy's prisma/schema.prisma into a new prisma/migrations/<timestamp>_<name>/ folder.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { prepareDatabase } from "./database.ts";
import { prismaCliEnv } from "./prisma-client.ts";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) throw new Error("usage: npm run db:migration -- <name>");
const root = process.cwd();
const previous = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "schema-")), "schema.prisma");
fs.writeFileSync(previous, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { cwd: root }));
// The Prisma CLI connects through its driver adapter even for a datamodel diff.
const database = await prepareDatabase({ migrate: false });
const cli = createRequire(path.join(root, "package.json")).resolve("prisma/build/index.js");
const sql = execFileSync(
  process.execPath,
  [cli, "migrate", "diff", "--from-schema-datamodel", previous, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { cwd: root, env: prismaCliEnv({ DATABASE_URL: database.url }), encoding: "utf8" },
);
await database.stop();
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(root, "prisma", "migrations", `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "migration.sql"), sql);
process.stdout.write(`wrote ${path.relative(root, dir)}/migration.sql\n${sql}`);
