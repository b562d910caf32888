// The live contract suite (`npm run test:live`, docs/testing.md): each configured platform's
// test account through our adapters, against the real APIs (or the sandbox). Not in `npm test`.
import { describe, inject, it } from "vitest";
import { resetPlatformConfig } from "../platforms/config.ts";
import { liveProviders, livePlan } from "./live-env.ts";
import { runLive } from "./live-run.ts";
import { writeRecordings } from "./recordings.ts";

Object.assign(process.env, inject("liveEnv"));
resetPlatformConfig();
const plan = livePlan();
const seconds = (name: string, fallback: number) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : fallback) * 1000;
const deadlineMs = seconds("LIVE_DEADLINE_SECONDS", plan.sandbox ? 30 : 600);
const pollMs = seconds("LIVE_POLL_SECONDS", plan.sandbox ? 0.1 : 3);

describe("live contract", () => {
  for (const provider of liveProviders) {
    const target = plan.run.find((t) => t.provider === provider);
    it.skipIf(!target)(provider, { timeout: deadlineMs * 4 + 120_000 }, async () => {
      await runLive(target!, {
        sandbox: plan.sandbox,
        deadlineMs,
        pollMs,
        log: (line) => console.log(line),
        keep: async (recordings) => {
          if (process.env.LIVE_RECORD !== "1") return;
          const dir = await writeRecordings(process.env.LIVE_RECORD_DIR ?? "server/platforms", provider, recordings);
          console.log(`live: ${provider} recorded ${recordings.length} answer(s) in ${dir}`);
        },
      });
    });
  }
});
