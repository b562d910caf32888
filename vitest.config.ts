import path from "node:path";
import { defineConfig } from "vitest/config";
import { longTests, testGroup } from "./server/testing/long-tests.ts";

const group = testGroup();
// replaces vitest's default exclude, so node_modules is named (n8n-test/host/node_modules holds n8n)
const appExclude = [
  "**/node_modules/**",
  "server/platforms/**",
  "server/sandbox/**",
  "server/live/**",
  "server/carousel/render/**",
  "server/**/*.unit.test.ts",
  "sdk/**/*.unit.test.ts",
  "n8n-test/**/*.unit.test.ts",
];

export default defineConfig({
  // the SDK from its sources, as tsconfig.json maps it (its package exports the built dist/)
  resolve: { alias: { "@posteady/sdk": path.resolve(import.meta.dirname, "sdk/src/index.ts"), "@": path.resolve(import.meta.dirname) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: "forks",
    projects: [
      {
        // Adapter contract tests, the sandbox's own tests, and the live suite proven against the
        // sandbox: only the platform sandbox (no database, no web app).
        extends: true,
        test: {
          name: "platforms",
          include: ["server/platforms/**/*.test.ts", "server/sandbox/**/*.test.ts", "server/live/**/*.test.ts"],
          globalSetup: ["server/testing/sandbox-global-setup.ts"],
          setupFiles: ["server/testing/sandbox-setup.ts"],
        },
      },
      {
        // Rendering without a server: the carousel slide renderer (a pure module), and the
        // dashboard's components (*.render.test.tsx) rendered by React into linkedom's document.
        extends: true,
        test: {
          name: "render",
          include: ["server/carousel/render/**/*.test.ts", "components/**/*.render.test.tsx"],
        },
      },
      {
        // Pure rules (files named *.unit.test.ts), of the domain and of the dashboard's text
        // (formats, labels, messages): no database, no sandbox, no web app.
        extends: true,
        test: {
          name: "unit",
          include: ["server/**/*.unit.test.ts", "components/**/*.unit.test.ts", "sdk/**/*.unit.test.ts", "n8n-test/**/*.unit.test.ts"],
        },
      },
      {
        // Domain, HTTP and CLI tests: the whole stack on a fresh database.
        extends: true,
        test: {
          name: "app",
          include: group === "long" ? longTests : ["server/**/*.test.ts", "sdk/test/**/*.test.ts", "n8n-test/**/*.test.ts"],
          exclude: group === "rest" ? [...appExclude, ...longTests] : appExclude,
          globalSetup: ["server/testing/vitest-global-setup.ts"],
          setupFiles: ["server/testing/vitest-setup.ts"],
        },
      },
    ],
  },
});
