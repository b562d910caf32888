// The live contract suite itself, proven against a sandbox of its own: `npm run test:live` with
// no credentials says what to set and passes; with sandbox test-account tokens it connects,
// publishes, reads status, lists and deletes on all seven platforms through our adapters and
// records the answers, which load back and match the sandbox's answers by shape.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetPlatformConfig } from "../platforms/config.ts";
import { startSandbox } from "../sandbox/app.ts";
import { providerModules } from "../sandbox/provider-modules.ts";
import type { SandboxPost } from "../sandbox/state.ts";
import { freePort } from "../runtime/embedded-postgres.ts";
import { liveProviders, livePlan, skipLine, tokenVariables } from "./live-env.ts";
import { runLive } from "./live-run.ts";
import { compareRecordings, loadRecordings, shapeDifferences, type LiveRecording } from "./recordings.ts";
import { liveVariables, sandboxAccounts, type SandboxAccount } from "./sandbox-accounts.ts";

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "../..");

/** This environment without anything that would steer the child run (or make it think it is a vitest worker). */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LIVE_|VITEST|PLATFORMS$|SANDBOX_URL$|NODE_OPTIONS$)/.test(k)));
  return { ...env, ...extra } as NodeJS.ProcessEnv;
}

async function testLive(extra: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "test:live"], { cwd: repo, env: cleanEnv(extra), maxBuffer: 16 * 1024 * 1024, timeout: 120_000 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("the live suite's plan", () => {
  it("runs a platform once its token (and, on a real platform, its media) is set, and names what is missing for every other", () => {
    const real = livePlan({ LIVE_X_ACCESS_TOKEN: "t1", LIVE_TIKTOK_ACCESS_TOKEN: "t2", LIVE_FACEBOOK_USER_TOKEN: "t3", LIVE_FACEBOOK_PAGE_ID: "42" });
    expect(real.sandbox).toBe(false);
    expect(real.run).toEqual([
      { provider: "x", token: "t1" },
      { provider: "facebook", token: "t3", pageId: "42" },
    ]);
    expect(real.skipped.map((s) => s.line)).toEqual([
      "live: threads skipped (set LIVE_THREADS_ACCESS_TOKEN to run)",
      "live: linkedin skipped (set LIVE_LINKEDIN_ACCESS_TOKEN to run)",
      "live: tiktok skipped (set LIVE_VIDEO_FILE to run)",
      "live: instagram skipped (set LIVE_INSTAGRAM_ACCESS_TOKEN and LIVE_IMAGE_URL to run)",
      "live: youtube skipped (set LIVE_YOUTUBE_ACCESS_TOKEN and LIVE_VIDEO_FILE to run)",
    ]);
    // The sandbox takes generated media, so a token is enough there.
    const sandbox = livePlan({ PLATFORMS: "sandbox", LIVE_TIKTOK_ACCESS_TOKEN: "t2", LIVE_VIDEO_FILE: " " });
    expect(sandbox.run).toEqual([{ provider: "tiktok", token: "t2" }]);
    expect(livePlan({ LIVE_INSTAGRAM_ACCESS_TOKEN: "t", LIVE_IMAGE_URL: "https://example.com/a.jpg" }).run).toEqual([
      { provider: "instagram", token: "t", imageUrl: "https://example.com/a.jpg" },
    ]);
  });
});

describe("npm run test:live", () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let accounts: SandboxAccount[];
  let recordDir: string;
  const previous = process.env.SANDBOX_URL;

  beforeAll(async () => {
    // A sandbox of its own: the suite's LinkedIn account needs the restricted read product,
    // which changes the app for every test sharing a sandbox.
    sandbox = await startSandbox({ port: await freePort(), modules: providerModules });
    process.env.SANDBOX_URL = sandbox.url;
    resetPlatformConfig();
    accounts = await sandboxAccounts(liveProviders, { linkedinReads: true });
    recordDir = await fs.mkdtemp(path.join(os.tmpdir(), "posteady-live-"));
  });

  afterAll(async () => {
    process.env.SANDBOX_URL = previous;
    resetPlatformConfig();
    await sandbox?.close();
    if (recordDir) await fs.rm(recordDir, { recursive: true, force: true });
  });

  const posts = async (provider: string) =>
    ((await (await fetch(`${sandbox.url}/_sandbox/posts?provider=${provider}`)).json()) as { posts: SandboxPost[] }).posts;

  it("with no credentials prints one line per platform saying what to set, and passes", { timeout: 120_000 }, async () => {
    const { code, out } = await testLive({});
    expect(code, out).toBe(0);
    for (const provider of liveProviders)
      expect(out).toContain(
        skipLine(
          provider,
          provider === "tiktok" || provider === "youtube"
            ? [tokenVariables[provider], "LIVE_VIDEO_FILE"]
            : provider === "instagram"
              ? [tokenVariables[provider], "LIVE_IMAGE_URL"]
              : [tokenVariables[provider]],
        ),
      );
    expect(out).toContain("live: no platform credentials set, nothing to run");
    expect(out).not.toMatch(/live: \w+ connect/);
  });

  it(
    "with test-account tokens connects, publishes, reads status, lists and deletes on every platform through our adapters, and records the answers",
    { timeout: 180_000 },
    async () => {
      const { code, out } = await testLive({
        PLATFORMS: "sandbox",
        SANDBOX_URL: sandbox.url,
        LIVE_RECORD: "1",
        LIVE_RECORD_DIR: recordDir,
        ...liveVariables(accounts),
      });
      expect(code, out).toBe(0);
      expect(out).not.toContain("skipped (set");
      for (const { provider, username } of accounts) {
        for (const step of ["connect", "publish", "status", "list", "delete"]) expect(out).toContain(`live: ${provider} ${step} ok:`);
        expect(out).toContain(`live: ${provider} connect ok: @${username} `);
      }
      expect(out).toContain("live: instagram delete ok: left in place: Instagram's API cannot delete");
      expect(out).toContain("live: tiktok delete ok: left in place: TikTok's API cannot delete");

      // What the platforms now hold: one test post each; deleted where the API allows; the
      // TikTok video private to the account and the YouTube video private.
      for (const provider of liveProviders) {
        const mine = await posts(provider);
        expect(mine, provider).toHaveLength(1);
        expect(Boolean(mine[0]!.deleted), provider).toBe(provider !== "instagram" && provider !== "tiktok");
      }
      expect((await posts("tiktok"))[0]!.extra.privacyLevel).toBe("SELF_ONLY");
      expect((await posts("youtube"))[0]!.extra.privacyStatus).toBe("private");

      // The recordings: every platform's, in the format the contract check loads, without the
      // tokens or who the accounts are.
      const recorded = await loadRecordings(recordDir);
      for (const provider of liveProviders) expect(recorded.filter((r) => r.provider === provider).length, provider).toBeGreaterThanOrEqual(4);
      expect(new Set(recorded.map((r) => r.step))).toEqual(new Set(["connect", "publish", "status", "list", "delete"]));
      expect(recorded.every((r) => r.target === "sandbox")).toBe(true);
      const files = await fs.readdir(recordDir, { recursive: true });
      const text = (await Promise.all(files.filter((f) => f.endsWith(".json")).map((f) => fs.readFile(path.join(recordDir, f), "utf8")))).join("\n");
      for (const a of accounts) {
        expect(text).not.toContain(a.token);
        expect(text).not.toContain(a.username);
        expect(text).not.toContain(a.accountId);
      }
      expect(recorded.find((r) => r.provider === "x" && r.step === "publish")).toMatchObject({
        request: { method: "POST", endpoint: "api", path: "/2/tweets" },
        response: { status: 201, body: { data: { id: "<post-id>" } } },
      });
      expect(recorded.find((r) => r.provider === "linkedin" && r.step === "delete")).toMatchObject({
        request: { method: "DELETE", path: "/rest/posts/<post-id>" },
        response: { status: 204 },
      });
    },
  );

  it("matches recorded answers against the sandbox's answers to the same requests, and names every difference", { timeout: 60_000 }, async () => {
    const recorded = await loadRecordings(recordDir);
    expect(recorded.length).toBeGreaterThan(0);
    // A fresh in-process run (new accounts) answers the same requests.
    const fresh: LiveRecording[] = [];
    const plan = livePlan({ PLATFORMS: "sandbox", ...liveVariables(await sandboxAccounts(liveProviders, { linkedinReads: true })) });
    for (const target of plan.run) fresh.push(...(await runLive(target, { sandbox: true, deadlineMs: 20_000, pollMs: 50, log: () => {} })).recordings);
    expect(compareRecordings(recorded, fresh)).toEqual([]);

    // The successful answers real platforms gave (committed under server/platforms/<provider>/recorded
    // by LIVE_RECORD=1), checked the same way; failure answers depend on the test account's scopes.
    const committed = (await loadRecordings(path.join(repo, "server/platforms"))).filter((r) => r.target === "live" && r.response.status < 300);
    expect(compareRecordings(committed, fresh)).toEqual([]);

    // A recorded answer the sandbox does not match is reported field by field.
    const publish = structuredClone(recorded.find((r) => r.provider === "x" && r.step === "publish")!);
    (publish.response.body as { data: Record<string, unknown> }).data.edit_controls = { editable_until: "2026-01-01T00:00:00Z" };
    (publish.response.body as { data: Record<string, unknown> }).data.id = 1;
    expect(compareRecordings([publish], fresh)).toEqual([
      "x publish POST api/2/tweets: $.data.id is string, the platform's is number",
      "x publish POST api/2/tweets: $.data.edit_controls missing",
      "x publish POST api/2/tweets: $.data.edit_controls.editable_until missing",
    ]);
    const created = recorded.find((r) => r.provider === "linkedin" && r.step === "publish")!;
    expect(shapeDifferences(created.response, { ...created.response, headers: { "content-type": "application/json" } })).toEqual(["no x-restli-id header"]);
    expect(shapeDifferences(created.response, { ...created.response, status: 422 })).toEqual(["status 422 where the platform answered 201"]);
    expect(compareRecordings([{ ...publish, request: { ...publish.request, path: "/2/tweets/search" } }], fresh)).toEqual([
      "x publish POST api/2/tweets/search: the sandbox run made no such request",
    ]);

    // A file that is not a recording is refused by name.
    const bad = path.join(recordDir, "x", "recorded", "99-bad.json");
    await fs.writeFile(bad, JSON.stringify({ format: "something-else" }));
    await expect(loadRecordings(recordDir)).rejects.toThrow(/99-bad\.json is not a live recording/);
    await fs.rm(bad);
  });

  it(
    "with LIVE_TARGET=sandbox brings its own sandbox and accounts, keeps a token that is set, and fails the run when that token is refused",
    { timeout: 120_000 },
    async () => {
      const { code, out } = await testLive({ LIVE_TARGET: "sandbox", LIVE_X_ACCESS_TOKEN: "not-a-token" });
      expect(code, out).not.toBe(0);
      expect(out).toMatch(/live: target the sandbox at http:\/\/127\.0\.0\.1:\d+/);
      expect(out).not.toContain(sandbox.url);
      expect(out).toMatch(/live: x connect FAILED: /);
      for (const provider of liveProviders.filter((p) => p !== "x")) expect(out).toContain(`live: ${provider} delete ok:`);
    },
  );

  it("fails a platform whose token the API refuses, naming the step", async () => {
    const lines: string[] = [];
    await expect(
      runLive({ provider: "x", token: "not-a-token" }, { sandbox: true, deadlineMs: 5_000, pollMs: 50, log: (l) => lines.push(l) }),
    ).rejects.toThrow();
    expect(lines).toEqual([expect.stringMatching(/^live: x connect FAILED: /)]);
  });

  it("still deletes the test post when a step after publishing fails", async () => {
    const [account] = await sandboxAccounts(["x"]);
    const fault = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ provider: "x", operation: "users.tweets", kind: "server_error", times: 1 }),
    });
    expect(fault.ok).toBe(true);
    const lines: string[] = [];
    await expect(
      runLive({ provider: "x", token: account!.token }, { sandbox: true, deadlineMs: 5_000, pollMs: 50, log: (l) => lines.push(l) }),
    ).rejects.toThrow();
    expect(lines.slice(-2)).toEqual([expect.stringMatching(/^live: x list FAILED: /), expect.stringMatching(/^live: x cleanup: deleted the test post \d+$/)]);
    const mine = (await posts("x")).filter((p) => p.username === account!.username);
    expect(mine.map((p) => Boolean(p.deleted))).toEqual([true]);
  });
});
