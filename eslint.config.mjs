// Rules kept by tools (docs/architecture.md, "Lint rules"): typescript-eslint's recommended
// set, the domain's import boundary, the wall between adapters and sandbox, and no import cycles. `npm run lint`; CI runs it.
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Transport packages the domain must not import: it is called by HTTP, MCP, tRPC and the CLI alike. */
const transportPackages = ["next", "next/*", "next-auth", "next-auth/*", "@trpc/*", "hono", "hono/*", "@hono/*", "@modelcontextprotocol/*"];

/** Transport and UI folders of this tree the domain must not import (resolved paths, so `../../http/x.ts` and `@/server/http/x.ts` alike). */
const transportFolders = ["./server/http", "./server/mcp", "./server/trpc", "./app", "./components"];

export default defineConfig(
  globalIgnores([
    "node_modules/",
    ".next/",
    ".data/",
    ".scratch/",
    "server/db/generated/",
    "test-results/",
    "playwright-report/",
    "next-env.d.ts",
    "sdk/dist/",
    "sdk/src/generated/",
    // linted by n8n's own tooling (`n8n-node lint`, run by n8n-test/n8n-node.test.ts)
    "n8n-nodes-posteady/",
    "n8n-test/host/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      // import-x parses only these extensions; without them it skips every .ts file and finds no cycle.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    plugins: { "import-x": importX },
    rules: {
      // A cycle makes module initialisation order matter; ignore type-only imports (erased at runtime).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // `_name` and rest siblings omit a field from a copy (`const { queued: _queued, ...job } = row`).
      "@typescript-eslint/no-unused-vars": ["error", { varsIgnorePattern: "^_", argsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["app/**", "components/**"],
    ...nextPlugin.configs["core-web-vitals"],
  },
  {
    // Tests, test helpers and benches read arbitrary JSON answers and assert on them; `any` keeps
    // those assertions readable. Production code keeps the rule.
    files: ["**/*.test.ts", "server/testing/**", "server/mcp/test-client.ts", "e2e/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["server/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: transportPackages,
              message: "server/domain is transport-free: map to HTTP/MCP/tRPC in server/http, server/mcp, server/trpc.",
            },
          ],
        },
      ],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./server/domain",
              from: transportFolders,
              message: "server/domain is transport-free: transports import the domain, never the reverse.",
            },
          ],
        },
      ],
    },
  },
  {
    // The adapters run against the real platforms; the sandbox imitates the platforms from their
    // documentation, never from our adapters. Tests join the two on purpose.
    files: ["server/platforms/**", "server/sandbox/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./server/platforms",
              from: "./server/sandbox",
              // the secret every sandbox app answers to, the default credential in sandbox mode
              except: ["./apps.ts"],
              message: "server/platforms runs against the real platforms: sandbox code lives in server/sandbox.",
            },
            {
              target: "./server/sandbox",
              from: "./server/platforms",
              // the host table and protocol helpers both sides follow; never an adapter
              except: ["./config.ts", "./pkce.ts", "./facebook/page-slug.ts"],
              message: "server/sandbox imitates the platforms from their documentation, never from our adapters.",
            },
          ],
        },
      ],
    },
  },
);
