// The admin CLI as a newcomer runs it: a real process against the test database.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { createBlueskyTestAccount } from "../testing/bluesky-fixtures.ts";
import { api, uniqueEmail } from "../testing/fixtures.ts";
import { KEY_SCOPES } from "../domain/api-keys/key-scopes.ts";

const tsx = path.resolve("node_modules/.bin/tsx");

async function cli(args: string[], env: Record<string, string | undefined> = {}) {
  const merged: Record<string, string | undefined> = { ...process.env, DATABASE_URL: inject("databaseUrl"), ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ["server/cli/index.ts", ...args], { env: merged as NodeJS.ProcessEnv });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("npm run cli -- bootstrap", () => {
  it("prints one JSON object with a working key, and reuses the user and workspace on a second run", async () => {
    const email = uniqueEmail("boot");
    const args = ["bootstrap", "--email", email, "--password", "s3cret-password", "--workspace", "Agency", "--plan", "creator", "--json"];
    const first = await cli(args);
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout);
    expect(Object.keys(out).sort()).toEqual(["apiKey", "userId", "workspaceId"]);
    const res = await api(out.apiKey)("GET", "/api/v1/workspaces");
    expect(res.status).toBe(200);
    expect(res.json.workspaces[0]).toMatchObject({ workspaceId: out.workspaceId, name: "Agency", plan: "creator" });

    const second = JSON.parse((await cli(args)).stdout);
    expect(second.userId).toBe(out.userId);
    expect(second.workspaceId).toBe(out.workspaceId);
    expect(second.apiKey).not.toBe(out.apiKey);

    const wrong = await cli(["bootstrap", "--email", email, "--password", "another-password", "--workspace", "Agency", "--json"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/CONFLICT/);
  }, 60_000);

  it("manages keys and plans: list, create, revoke, plan set", async () => {
    const boot = JSON.parse((await cli(["bootstrap", "--email", uniqueEmail(), "--password", "s3cret-password", "--workspace", "W", "--json"])).stdout);
    const created = JSON.parse((await cli(["keys", "create", "--workspace", boot.workspaceId, "--name", "ci", "--json"])).stdout);
    expect((await api(created.apiKey)("GET", "/api/v1/accounts")).status).toBe(200);
    expect(created.scopes).toEqual([...KEY_SCOPES]);
    const reader = JSON.parse(
      (await cli(["keys", "create", "--workspace", boot.workspaceId, "--name", "reader", "--scopes", "posts:read, accounts:read", "--json"])).stdout,
    );
    expect(reader.scopes).toEqual(["accounts:read", "posts:read"]);
    expect((await api(reader.apiKey)("GET", "/api/v1/accounts")).status).toBe(200);
    expect((await api(reader.apiKey)("POST", "/api/v1/posts", { body: {} })).json.error.details.requiredScope).toBe("posts:write");
    const unknownScope = await cli(["keys", "create", "--workspace", boot.workspaceId, "--scopes", "posts:read,posts:admin"]);
    expect(unknownScope.code).toBe(1);
    expect(unknownScope.stderr).toMatch(/VALIDATION_ERROR/);
    expect(unknownScope.stderr).toMatch(/scopes\[1\]/);
    const listed = JSON.parse((await cli(["keys", "list", "--workspace", boot.workspaceId, "--json"])).stdout);
    expect(listed.keys.map((k: { name: string }) => k.name).sort()).toEqual(["bootstrap", "ci", "reader"]);
    const revoked = JSON.parse((await cli(["keys", "revoke", "--workspace", boot.workspaceId, "--id", created.id, "--json"])).stdout);
    expect(revoked.status).toBe("revoked");
    const plan = JSON.parse((await cli(["plan", "set", "--workspace", boot.workspaceId, "--plan", "free", "--json"])).stdout);
    expect(plan.plan).toBe("free");
    const refused = await api(boot.apiKey)("GET", "/api/v1/accounts");
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("PLAN_REQUIRED");
    // members: an invitation and its link, printed (emailed too: the stack has a mail server)
    const invitee = uniqueEmail("invitee");
    const invited = JSON.parse((await cli(["members", "invite", "--workspace", boot.workspaceId, "--email", invitee, "--role", "editor", "--json"])).stdout);
    expect(invited).toMatchObject({ invitation: { email: invitee, role: "editor" }, emailStatus: "pending", url: expect.stringContaining("/invitations/") });
    const members = JSON.parse((await cli(["members", "list", "--workspace", boot.workspaceId, "--json"])).stdout);
    expect(members.invitations.map((i: { email: string }) => i.email)).toEqual([invitee]);
    const unknown = await cli(["keys", "list", "--workspace", "not-a-workspace"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/NOT_FOUND/);
  }, 180_000); // eleven CLI processes, each a cold tsx start

  it("without DATABASE_URL, finds the installation's running embedded PostgreSQL", async () => {
    const result = await cli(["bootstrap", "--email", uniqueEmail(), "--password", "s3cret-password", "--workspace", "Embedded", "--json"], {
      DATABASE_URL: undefined,
      DATA_DIR: inject("dataDir"),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).apiKey).toMatch(/^pst_/);
  });
});

describe("npm run cli -- sandbox connect", () => {
  it("connects one account of each provider (plus a TikTok Login Kit one) and the API lists exactly the seven with SPEC.md's capabilities", async () => {
    const boot = JSON.parse(
      (await cli(["bootstrap", "--email", uniqueEmail("seven"), "--password", "s3cret-password", "--workspace", "Seven", "--json"])).stdout,
    );
    const providers = ["threads", "x", "linkedin", "tiktok", "instagram", "youtube", "facebook"];
    // several providers in one command: one account of each, one JSON line each
    const r = await cli(["sandbox", "connect", "--workspace", boot.workspaceId, "--provider", providers.join(","), "--username", "seven", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { accountId: string; provider: string; username: string });
    expect(lines.map((line) => line.provider)).toEqual(providers);
    const connected = Object.fromEntries(lines.map((line) => [line.provider, line]));
    for (const provider of providers) expect(connected[provider]).toMatchObject({ username: expect.stringMatching(/^seven/), accountId: expect.any(String) });
    expect((await cli(["sandbox", "connect", "--workspace", boot.workspaceId, "--provider", "x,myspace"])).stderr).toContain("expected threads, x, linkedin");
    const kit = await cli([
      "sandbox",
      "connect",
      "--workspace",
      boot.workspaceId,
      "--provider",
      "tiktok",
      "--tiktok-connection",
      "login-kit",
      "--username",
      "kit_seven",
      "--json",
    ]);
    expect(kit.code, kit.stderr).toBe(0);

    const res = await api(boot.apiKey)("GET", "/api/v1/accounts");
    expect(res.status).toBe(200);
    const byProvider = Object.fromEntries(res.json.accounts.map((a: { provider: string }) => [a.provider, a]));
    expect(res.json.accounts).toHaveLength(7);
    expect(Object.keys(byProvider).sort()).toEqual([...providers].sort());
    const all = { readPosts: true, publishPosts: true, schedulePosts: true, repostPosts: true };
    const noRepost = { ...all, repostPosts: false };
    expect(byProvider.threads.capabilities).toEqual(all);
    expect(byProvider.x.capabilities).toEqual(all);
    // LinkedIn's self-serve products (the default) let an app publish and reshare, not read posts
    expect(byProvider.linkedin.capabilities).toEqual({ ...all, readPosts: false });
    expect(byProvider.tiktok).toMatchObject({ accountId: connected.tiktok!.accountId, capabilities: noRepost });
    expect(byProvider.instagram).toMatchObject({ accountType: "business", capabilities: noRepost });
    expect(byProvider.youtube.capabilities).toEqual(noRepost);
    expect(byProvider.facebook.capabilities).toEqual(noRepost);
    for (const p of providers.filter((p) => p !== "instagram")) expect(byProvider[p]).not.toHaveProperty("accountType");
  }, 120_000);

  it("connects a Mastodon account through the sandbox consent page, on the default instance or the one named with --instance", async () => {
    const boot = JSON.parse(
      (await cli(["bootstrap", "--email", uniqueEmail("masto"), "--password", "s3cret-password", "--workspace", "Masto", "--json"])).stdout,
    );
    const connect = (extra: string[]) => cli(["sandbox", "connect", "--workspace", boot.workspaceId, "--provider", "mastodon", ...extra, "--json"]);
    const [ann, bob] = ["ann", "bob"].map((n) => `${n}_${crypto.randomUUID().slice(0, 6)}`);
    const byDefault = await connect(["--username", ann!]);
    expect(byDefault.code, byDefault.stderr).toBe(0);
    expect(JSON.parse(byDefault.stdout)).toMatchObject({ provider: "mastodon", username: `${ann}@mastodon.social` });
    const named = await connect(["--username", bob!, "--instance", `${inject("sandboxUrl")}/mastodon/fosstodon.example`]);
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout)).toMatchObject({ provider: "mastodon", username: `${bob}@fosstodon.example` });
    const refused = await connect(["--instance", "http://10.0.0.1"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/instance/);
    const listed = (await api(boot.apiKey)("GET", "/api/v1/accounts")).json.accounts;
    expect(listed.map((a: { username: string }) => a.username).sort()).toEqual([`${ann}@mastodon.social`, `${bob}@fosstodon.example`]);
  }, 120_000);

  it("reflects what was granted: YouTube without youtube.upload, a Facebook Page without CREATE_CONTENT, an Instagram creator", async () => {
    const boot = JSON.parse(
      (await cli(["bootstrap", "--email", uniqueEmail("grants"), "--password", "s3cret-password", "--workspace", "Grants", "--json"])).stdout,
    );
    const run = (args: string[]) => cli(["sandbox", "connect", "--workspace", boot.workspaceId, ...args, "--json"]);
    expect((await run(["--provider", "youtube", "--scopes", "youtube.readonly"])).code).toBe(0);
    expect((await run(["--provider", "facebook", "--page-tasks", "MODERATE,ANALYZE"])).code).toBe(0);
    expect((await run(["--provider", "instagram", "--account-type", "creator"])).code).toBe(0);
    const accounts = (await api(boot.apiKey)("GET", "/api/v1/accounts")).json.accounts;
    const by = Object.fromEntries(accounts.map((a: { provider: string }) => [a.provider, a]));
    expect(by.youtube.capabilities).toEqual({ readPosts: true, publishPosts: false, schedulePosts: false, repostPosts: false });
    expect(by.facebook.capabilities).toMatchObject({ publishPosts: false, schedulePosts: false });
    expect(by.instagram).toMatchObject({ accountType: "creator", capabilities: { publishPosts: true } });
  }, 60_000);
});

describe("npm run cli -- accounts connect bluesky", () => {
  it("connects with a handle and an app password, prints {accountId, provider, username}, and says a wrong app password in words", async () => {
    const boot = JSON.parse((await cli(["bootstrap", "--email", uniqueEmail("bsky"), "--password", "s3cret-password", "--workspace", "Sky", "--json"])).stdout);
    const bsky = await createBlueskyTestAccount();
    const base = ["accounts", "connect", "bluesky", "--workspace", boot.workspaceId, "--handle", bsky.handle];
    const ok = await cli([...base, "--app-password", bsky.appPassword, "--server", inject("sandboxUrl"), "--json"]);
    expect(ok.code, ok.stderr).toBe(0);
    const out = JSON.parse(ok.stdout);
    expect(Object.keys(out).sort()).toEqual(["accountId", "provider", "username"]);
    expect(out).toMatchObject({ provider: "bluesky", username: bsky.handle });
    const res = await api(boot.apiKey)("GET", "/api/v1/accounts");
    expect(res.json.accounts).toEqual([expect.objectContaining({ accountId: out.accountId, provider: "bluesky", username: bsky.handle })]);

    const wrong = await cli([...base, "--app-password", "zzzz-zzzz-zzzz-zzzz"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/CONNECTION_FAILED: Bluesky refused the handle or app password/);

    // sandbox connect makes the account and its app password on the local PDS, then connects it
    const made = await cli(["sandbox", "connect", "--workspace", boot.workspaceId, "--provider", "bluesky", "--username", "skyfan", "--json"]);
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ provider: "bluesky", username: "skyfan.test" });
  }, 120_000);
});
