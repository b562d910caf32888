// The sandbox's imitation of platform latency (`callDelayMs`) and its record of who called when
// (`/_sandbox/activity`), which benchmarks use. A sandbox of its own, in this process: the shared
// one serves other test files side by side, and a delay there would slow all of them.
import { describe, expect, it } from "vitest";
import { createSandboxApp } from "./app.ts";
import { providerModules } from "./provider-modules.ts";
import { SandboxState } from "./state.ts";

const DELAY = 150;

function sandboxWithTikTokCreator() {
  const state = new SandboxState();
  const app = createSandboxApp(state, "http://sandbox.test", providerModules);
  const profile = state.addProfile({ provider: "tiktok", username: "delayed_creator", displayName: "Delayed" });
  const token = state.issueToken({ kind: "access", provider: "tiktok", clientId: "test", profileId: profile.id, scopes: ["video.publish"], expiresAt: null });
  const call = async (path: string, init: RequestInit = {}) => app.request(path, init);
  const creatorInfo = () => call("/tiktok/api/v2/post/publish/creator_info/query/", { method: "POST", headers: { Authorization: `Bearer ${token.value}` } });
  const timed = async (request: () => Promise<Response>) => {
    const started = performance.now();
    const res = await request();
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  };
  return { state, profile, call, creatorInfo, timed };
}

describe("sandbox call delay and activity", () => {
  it("answers platform API requests after callDelayMs, but not its control routes or the consent pages", async () => {
    const s = sandboxWithTikTokCreator();
    const set = await s.call("/_sandbox/settings", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ callDelayMs: DELAY }),
    });
    expect(await set.json()).toMatchObject({ callDelayMs: DELAY });

    const api = await s.timed(s.creatorInfo);
    expect(api.status).toBe(200);
    expect(api.ms).toBeGreaterThanOrEqual(DELAY - 5); // timers may fire a hair early
    // an open route (the token endpoint) is a platform API request too
    const token = await s.timed(() => s.call("/tiktok/api/v2/oauth/token/", { method: "POST" }));
    expect(token.ms).toBeGreaterThanOrEqual(DELAY - 5);

    const control = await s.timed(() => s.call("/_sandbox/faults"));
    expect(control.status).toBe(200);
    expect(control.ms).toBeLessThan(DELAY / 2);
    const consent = await s.timed(() =>
      s.call("/tiktok/v2/auth/authorize/?client_key=test&response_type=code&scope=user.info.basic&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb"),
    );
    expect(consent.status).toBe(200);
    expect(consent.ms).toBeLessThan(DELAY / 2);

    const invalid = await s.call("/_sandbox/settings", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ callDelayMs: 60_001 }),
    });
    expect(invalid.status).toBe(422);
  });

  it("records each profile's first and last platform request, and clears them", async () => {
    const s = sandboxWithTikTokCreator();
    const before = performance.timeOrigin + performance.now();
    for (let i = 0; i < 3; i++) expect((await s.creatorInfo()).status).toBe(200);
    const after = performance.timeOrigin + performance.now();
    await s.call("/tiktok/api/v2/oauth/token/", { method: "POST" }); // names no profile: not counted

    type Activity = { profileId: string; provider: string; username: string; first: number; last: number; requests: number; times: number[] };
    const read = async () => ((await (await s.call("/_sandbox/activity")).json()) as { activity: Activity[] }).activity;
    const [seen, ...others] = await read();
    expect(others).toEqual([]);
    expect(seen).toMatchObject({ profileId: s.profile.id, provider: "tiktok", username: "delayed_creator", requests: 3 });
    expect(seen!.times).toHaveLength(3);
    expect(seen!.first).toBe(seen!.times[0]);
    expect(seen!.last).toBe(seen!.times[2]);
    expect(seen!.first).toBeGreaterThanOrEqual(before);
    expect(seen!.last).toBeLessThanOrEqual(after);
    expect(seen!.times[1]).toBeGreaterThan(seen!.times[0]!);

    expect((await s.call("/_sandbox/activity", { method: "DELETE" })).status).toBe(204);
    expect(await read()).toEqual([]);
    await s.creatorInfo();
    expect((await read())[0]).toMatchObject({ requests: 1 });
    await s.call("/_sandbox/reset", { method: "POST" });
    expect(await read()).toEqual([]);
  });
});
