// `npm run cli -- platforms check` as an operator runs it: a real process against the test sandbox
// (PLATFORMS=sandbox, SANDBOX_URL from the test stack). Only Mastodon's rows read the database
// (the instances with our app or accounts).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { callbackUrl } from "../domain/accounts/callback-url.ts";
import { mastodonAppStore } from "../domain/accounts/mastodon-app-store.ts";
import { appForInstance } from "../platforms/mastodon/mastodon-apps.ts";

const tsx = path.resolve("node_modules/.bin/tsx");

type Row = { provider: string; check: string; result: "ok" | "warn" | "fail" | "skip"; detail: string };

/** A LinkedIn-Version released last month: well inside its year of support, whatever today is. */
function recentLinkedinVersion(): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

async function check(args: string[], env: Record<string, string | undefined> = {}) {
  const merged: Record<string, string | undefined> = { ...process.env, LINKEDIN_VERSION: recentLinkedinVersion(), ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  let out: { code: number; stdout: string; stderr: string };
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ["server/cli/index.ts", "platforms", "check", ...args], { env: merged as NodeJS.ProcessEnv });
    out = { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    out = { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
  return out;
}

async function checkJson(args: string[], env: Record<string, string | undefined> = {}) {
  const r = await check([...args, "--json"], env);
  const parsed = JSON.parse(r.stdout) as { mode: string; ok: boolean; checks: Row[] };
  const row = (provider: string, name: string) => parsed.checks.find((c) => c.provider === provider && c.check === name);
  return { ...r, ...parsed, row };
}

describe("npm run cli -- platforms check", () => {
  it("says the sandbox is not running when its calls cannot reach it", async () => {
    const r = await checkJson(["--provider", "facebook"], { SANDBOX_URL: "http://127.0.0.1:9" });
    expect(r.code).toBe(1);
    expect(r.row("facebook", "app credentials call")).toMatchObject({
      result: "fail",
      detail: expect.stringMatching(/^could not reach http:\/\/127\.0\.0\.1:9: .*is the sandbox running\? `npm start`/),
    });
  });

  it("against the sandbox: every check passes, the app credential calls are made where a platform has one", async () => {
    const r = await checkJson([]);
    expect(r.code, r.stderr).toBe(0);
    expect(r).toMatchObject({ mode: "sandbox", ok: true });
    expect(r.checks.filter((c) => c.result === "fail" || c.result === "warn")).toEqual([]);
    expect(new Set(r.checks.map((c) => c.provider))).toEqual(
      new Set(["x", "threads", "linkedin", "tiktok", "instagram", "youtube", "facebook", "bluesky", "mastodon"]),
    );
    for (const p of ["threads", "facebook"])
      expect(r.row(p, "app credentials call")).toMatchObject({ result: "ok", detail: expect.stringMatching(/app access token/) });
    for (const app of ["business app", "Login Kit app"])
      expect(r.row("tiktok", `app credentials call (${app})`)).toMatchObject({ result: "ok", detail: expect.stringMatching(/client access token/) });
    for (const p of ["x", "linkedin", "instagram", "youtube"])
      expect(r.row(p, "app credentials call")).toMatchObject({ result: "skip", detail: expect.stringMatching(/needs an account/) });
    expect(r.row("linkedin", "LinkedIn-Version")!.result).toBe("ok");
    expect(r.row("youtube", "redirect uri")!.detail).toMatch(/^register https?:\/\/.+\/api\/connect\/youtube\/callback$/);

    const table = await check(["--provider", "facebook"]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^provider\s+check\s+result\s+detail$/m);
    expect(table.stdout).toMatch(/^facebook\s+app credentials call\s+ok\s+/m);
    expect(table.stdout).not.toMatch(/^threads/m);
  }, 60_000);

  it("Mastodon: the default instance and every instance with our app or accounts answer /api/v2/instance", async () => {
    const sandboxUrl = process.env.SANDBOX_URL!;
    const long = `${sandboxUrl}/mastodon/long.example`;
    await appForInstance(long, callbackUrl("mastodon"), mastodonAppStore);
    const r = await checkJson(["--provider", "mastodon"]);
    expect(r.code, r.stderr).toBe(0);
    const host = sandboxUrl.replace(/^https?:\/\//, "");
    expect(r.row("mastodon", `instance (default) ${host}/mastodon/mastodon.social`)).toMatchObject({
      result: "ok",
      detail: expect.stringMatching(/500 characters/),
    });
    expect(r.row("mastodon", `instance ${host}/mastodon/long.example`)).toMatchObject({
      result: "ok",
      detail: expect.stringMatching(/5000 characters, 6 attachments/),
    });
    const down = await checkJson(["--provider", "mastodon"], { MASTODON_INSTANCE_URL: "http://127.0.0.1:9/mastodon/gone.example" });
    expect(down.code).toBe(1);
    expect(down.row("mastodon", "instance (default) 127.0.0.1:9/mastodon/gone.example")!.result).toBe("fail");
  }, 60_000);

  it("Bluesky: the configured server answers describeServer (the sandbox's real PDS); an unreachable one fails, naming it", async () => {
    const r = await checkJson(["--provider", "bluesky"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.checks.map((c) => c.check)).toEqual(["urls", "server"]); // no app, no redirect URI
    expect(r.row("bluesky", "server")).toMatchObject({ result: "ok", detail: expect.stringMatching(/answered describeServer \(did:web:.*; handles \.test\)/) });
    const down = await checkJson(["--provider", "bluesky"], { BLUESKY_SERVER_URL: "http://127.0.0.1:9" });
    expect(down.code).toBe(1);
    expect(down.row("bluesky", "server")).toMatchObject({
      result: "fail",
      detail: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9 did not answer describeServer/),
    });
  }, 60_000);

  it("fails a missing credential, naming the variable; in live mode an unset secret is missing too", async () => {
    const sandbox = await checkJson(["--provider", "x"], { X_CLIENT_ID: "" });
    expect(sandbox.code).toBe(1);
    expect(sandbox.ok).toBe(false);
    expect(sandbox.row("x", "credentials")).toMatchObject({ result: "fail", detail: "X_CLIENT_ID is empty" });

    const live = await checkJson(["--provider", "linkedin"], { PLATFORMS: "live", LINKEDIN_CLIENT_ID: "86abc", LINKEDIN_CLIENT_SECRET: undefined });
    expect(live.code).toBe(1);
    expect(live.row("linkedin", "credentials")).toMatchObject({ result: "fail", detail: "LINKEDIN_CLIENT_SECRET is empty" });
    expect(live.row("linkedin", "urls")).toMatchObject({ result: "ok", detail: expect.stringMatching(/https/) });
  }, 60_000);

  it("fails a malformed endpoint URL, and a plain-http one in live mode", async () => {
    const bad = await checkJson(["--provider", "threads"], { THREADS_GRAPH_URL: "graph threads net" });
    expect(bad.code).toBe(1);
    expect(bad.row("threads", "urls")).toMatchObject({ result: "fail", detail: expect.stringMatching(/THREADS_GRAPH_URL "graph threads net" is not a URL/) });

    // live TikTok pointed at the sandbox (localhost may be http) except for one URL on a real host
    const live = await checkJson(["--provider", "tiktok"], {
      PLATFORMS: "live",
      TIKTOK_CLIENT_ID: "sandbox-tiktok",
      TIKTOK_CLIENT_SECRET: "sandbox-secret",
      TIKTOK_API_URL: `${process.env.SANDBOX_URL}/tiktok/api`,
      TIKTOK_AUTHORIZE_URL: "http://www.tiktok.com/v2/auth/authorize/",
    });
    expect(live.code).toBe(1);
    expect(live.row("tiktok", "urls")).toMatchObject({ result: "fail", detail: expect.stringMatching(/TIKTOK_AUTHORIZE_URL .* must be https in live mode/) });
    expect(live.row("tiktok", "credentials (Login Kit app)")!.result).toBe("warn");
  }, 60_000);

  it("fails a LinkedIn-Version past its year of support", async () => {
    const r = await checkJson(["--provider", "linkedin"], { LINKEDIN_VERSION: "202401" });
    expect(r.code).toBe(1);
    expect(r.row("linkedin", "LinkedIn-Version")).toMatchObject({ result: "fail", detail: expect.stringMatching(/202401 reached its sunset/) });
  }, 60_000);

  it("fails when the platform refuses the app's secret, with the platform's own message", async () => {
    const r = await checkJson([], {
      THREADS_CLIENT_SECRET: "wrong-secret",
      FACEBOOK_CLIENT_SECRET: "wrong-secret",
      TIKTOK_LOGIN_KIT_CLIENT_SECRET: "wrong-secret",
    });
    expect(r.code).toBe(1);
    expect(r.row("threads", "app credentials call")).toMatchObject({
      result: "fail",
      detail: expect.stringMatching(/Error validating client secret\. \(code 1\)/),
    });
    expect(r.row("facebook", "app credentials call")).toMatchObject({
      result: "fail",
      detail: expect.stringMatching(/Error validating client secret\. \(code 1\)/),
    });
    expect(r.row("tiktok", "app credentials call (Login Kit app)")).toMatchObject({ result: "fail", detail: expect.stringMatching(/invalid_client/) });
    expect(r.row("tiktok", "app credentials call (business app)")!.result).toBe("ok");
    expect(r.checks.filter((c) => c.result === "fail")).toHaveLength(3);
  }, 60_000);
});
