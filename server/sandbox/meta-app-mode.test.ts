// Meta apps in development mode, on a private sandbox: only people with a role on the app get
// through the authorization; anyone else is stopped on Meta's page, never sent back with a code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetPlatformConfig } from "../platforms/config.ts";
import { facebookAdapter } from "../platforms/facebook/facebook-adapter.ts";
import { instagramAdapter } from "../platforms/instagram/instagram-adapter.ts";
import { threadsAdapter } from "../platforms/threads/threads-adapter.ts";
import type { PlatformAdapter } from "../platforms/types.ts";
import { freePort } from "../runtime/embedded-postgres.ts";
import { connect, redirectUri } from "../testing/platform-fixtures.ts";
import { startSandbox, type RunningSandbox } from "./app.ts";
import { facebookSandbox } from "./facebook/facebook-sandbox.ts";
import { instagramSandbox } from "./instagram/instagram-sandbox.ts";
import { threadsSandbox } from "./threads/threads-sandbox.ts";

let own: RunningSandbox;
const previous = { url: process.env.SANDBOX_URL, threads: process.env.SANDBOX_THREADS_APP };
beforeAll(async () => {
  process.env.SANDBOX_THREADS_APP = "development:@th_admin, th_tester";
  own = await startSandbox({ port: await freePort(), modules: [threadsSandbox, instagramSandbox, facebookSandbox] });
  process.env.SANDBOX_URL = own.url;
  resetPlatformConfig();
});
afterAll(async () => {
  process.env.SANDBOX_URL = previous.url;
  if (previous.threads === undefined) delete process.env.SANDBOX_THREADS_APP;
  else process.env.SANDBOX_THREADS_APP = previous.threads;
  resetPlatformConfig();
  await own.close();
});

const control = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(own.url + path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
};

/** Signs in on the platform's page as `username` and presses Allow; Meta's answer as it comes. */
async function signIn(adapter: PlatformAdapter, username: string): Promise<{ status: number; location: string | null; body: string }> {
  const page = await (await fetch(adapter.authorizeUrl({ state: "s", redirectUri }))).text();
  const request = /name="request" value="([^"]+)"/.exec(page)![1]!;
  const res = await fetch(`${own.url}/_sandbox/consent`, {
    method: "POST",
    body: new URLSearchParams({ request, decision: "allow", profile: "new", username }),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

const apps: [string, PlatformAdapter, RegExp][] = [
  ["threads", threadsAdapter, /The {2}user has not accepted the invite to test the app/],
  ["instagram", instagramAdapter, /Insufficient developer role/],
  ["facebook", facebookAdapter, /App not active/],
];

describe("Meta apps in development mode", () => {
  it("starts the Threads app from SANDBOX_THREADS_APP (development, its role users) and the others live", async () => {
    expect(await control("GET", "/_sandbox/threads/app")).toEqual({ status: 200, json: { mode: "development", roles: ["th_admin", "th_tester"] } });
    expect((await control("GET", "/_sandbox/instagram/app")).json).toEqual({ mode: "live", roles: [] });
  });

  it.each(apps)("%s: a person with a role connects; anyone else sees Meta's refusal and is not sent back", async (provider, adapter, refusal) => {
    try {
      expect((await control("PUT", `/_sandbox/${provider}/app`, { mode: "development", roles: [`${provider}_dev`] })).status).toBe(200);
      const stranger = await signIn(adapter, `${provider}_stranger`);
      expect(stranger.location).toBeNull(); // no redirect: the app never hears of it
      expect(stranger.body).toMatch(refusal);
      const { identity } = await connect(adapter, { username: `${provider}_dev`, pageName: "Dev Page" });
      expect(identity.providerAccountId).toBeTruthy();

      await control("PUT", `/_sandbox/${provider}/app`, { mode: "live" });
      const live = await signIn(adapter, `${provider}_stranger`);
      expect(live.status).toBe(302);
      expect(new URL(live.location!).searchParams.get("code")).toBeTruthy();
    } finally {
      await control("PUT", `/_sandbox/${provider}/app`, { mode: "live" });
    }
  });

  it("refuses a malformed mode with 422", async () => {
    expect((await control("PUT", "/_sandbox/facebook/app", { mode: "sandbox" })).status).toBe(422);
    expect((await control("PUT", "/_sandbox/threads/app", { mode: "development", roles: "me" })).status).toBe(422);
  });
});
