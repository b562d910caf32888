import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["server/**/*.test.ts"],
    globalSetup: ["server/testing/vitest-global-setup.ts"],
    setupFiles: ["server/testing/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
