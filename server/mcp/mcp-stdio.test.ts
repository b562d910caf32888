// The stdio mode as a local agent starts it: `cli mcp` as a child process, the API key in its
// environment, spoken to by the official SDK's stdio client.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, inject, it } from "vitest";
import { scopeFromSession } from "../scope.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { API_KEY_VARIABLE } from "./endpoint.ts";
import { expectedToolNames } from "../testing/mcp-tool-names.ts";
import { ok, toolError } from "./test-client.ts";

const tsx = path.resolve("node_modules/.bin/tsx");

function childEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const merged: Record<string, string | undefined> = { ...process.env, DATABASE_URL: inject("databaseUrl"), ...extra };
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

async function stdioClient(env: Record<string, string | undefined>) {
  const transport = new StdioClientTransport({ command: tsx, args: ["server/cli/index.ts", "mcp"], env: childEnv(env), stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => (stderr += chunk));
  const client = new Client({ name: "posteady-tests", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe("npm run cli -- mcp (stdio)", () => {
  it("serves the same tools with the key from the environment, and lists the key's accounts", async () => {
    const t = await createWorkspaceWithKey();
    const instagram = await connectAccount(await scopeFromSession(t.user.id, t.workspace.id), "instagram", { accountType: "BUSINESS" });
    const { client } = await stdioClient({ [API_KEY_VARIABLE]: t.key });
    expect(client.getServerVersion()?.name).toBe("posteady");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expectedToolNames);
    const { accounts } = await ok(client, "list_accounts");
    expect(accounts).toEqual([expect.objectContaining({ accountId: instagram.accountId, provider: "instagram", accountType: "business" })]);
    expect(await toolError(client, "list_media", { workspaceId: crypto.randomUUID() })).toMatchObject({ code: "NOT_FOUND" });
    await client.close();
  }, 60_000);

  it("counts each tool call against the key's rate limit", async () => {
    const t = await createWorkspaceWithKey();
    const { client } = await stdioClient({ [API_KEY_VARIABLE]: t.key, API_RATE_LIMIT_PER_MINUTE: "2" });
    await ok(client, "list_accounts");
    await ok(client, "list_media");
    const limited = await toolError(client, "list_posts");
    expect(limited).toMatchObject({ code: "RATE_LIMITED", details: { limit: 2, retryAfterSeconds: expect.any(Number) } });
    await client.close();
  }, 60_000);

  const run = (env: Record<string, string | undefined>) =>
    promisify(execFile)(tsx, ["server/cli/index.ts", "mcp"], { env: childEnv(env) as NodeJS.ProcessEnv }).then(
      () => ({ code: 0, stderr: "" }),
      (err: { code: number; stderr: string }) => err,
    );

  it("refuses to start without a valid key, saying why on stderr", async () => {
    const missing = await run({ [API_KEY_VARIABLE]: undefined });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`UNAUTHORIZED: Set ${API_KEY_VARIABLE}`);
    const wrong = await run({ [API_KEY_VARIABLE]: "pst_not-a-real-key" });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("UNAUTHORIZED: Invalid API key");
  }, 60_000);

  // The agent's configuration names the service's data; one that names other data must not
  // start a second, empty installation that answers "Invalid API key" for every key.
  it("stops with a message, creating nothing, when DATA_DIR holds no installation", async () => {
    const t = await createWorkspaceWithKey();
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "posteady-mcp-"));
    try {
      for (const dataDir of [path.join(parent, "absent"), parent]) {
        const result = await run({ [API_KEY_VARIABLE]: t.key, DATABASE_URL: undefined, POSTEADY_EMBEDDED_DATABASE: undefined, DATA_DIR: dataDir });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`No Posteady database in ${dataDir}. DATA_DIR (or DATABASE_URL) must name the data of the running service`);
        expect(fs.existsSync(path.join(parent, "postgres"))).toBe(false);
      }
      expect(fs.existsSync(path.join(parent, "absent"))).toBe(false);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);

  it("stops with a message, migrating nothing, when DATABASE_URL names an empty database", async () => {
    const t = await createWorkspaceWithKey();
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    const name = `posteady_empty_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const empty = new URL(inject("databaseUrl"));
    empty.pathname = `/${name}`;
    try {
      const result = await run({ [API_KEY_VARIABLE]: t.key, DATABASE_URL: empty.toString() });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("The database at DATABASE_URL holds no Posteady data. DATA_DIR (or DATABASE_URL) must name");
      const probe = new pg.Client({ connectionString: empty.toString() });
      await probe.connect();
      const tables = await probe.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')");
      await probe.end();
      expect(tables.rows[0].n).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
