// The live contract suite (`npm run test:live`): not one of `npm test`'s projects, since it
// posts on real accounts. PLATFORMS defaults to live here (the real hosts); LIVE_TARGET=sandbox
// runs it against a local sandbox instead. See docs/testing.md, "Live contract suite".
import path from "node:path";
import { defineConfig } from "vitest/config";

process.env.PLATFORMS ??= "live";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["server/live/**/*.live.ts"],
    globalSetup: ["server/live/live-global-setup.ts"],
    pool: "forks",
    hookTimeout: 180_000,
    // the step lines go straight to the terminal, in order, without a header per line
    disableConsoleIntercept: true,
  },
});
