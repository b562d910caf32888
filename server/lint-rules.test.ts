// The rules eslint.config.mjs keeps: the domain stays transport-free, adapters and sandbox stay
// apart, and imports form no cycle.
// Each case lints a snippet under a real path with the project's own config (nothing is written),
// so a config that stopped applying a rule, or applied it nowhere, fails here.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "..") });

async function ruleIds(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId);
}

describe("lint rules", () => {
  it("refuses a transport package in server/domain", async () => {
    for (const pkg of ["next/server", "next", "@trpc/server", "hono", "@modelcontextprotocol/sdk/server/mcp.js"]) {
      expect(await ruleIds("server/domain/posts/probe.ts", `import "${pkg}";\n`), pkg).toEqual(["no-restricted-imports"]);
    }
  });

  it("refuses the transport and UI folders in server/domain, relative or through the @/ alias", async () => {
    for (const spec of ["../../http/handle.ts", "@/server/mcp/tool.ts", "../../trpc/init.ts", "@/app/layout.tsx", "@/components/trpc.tsx"]) {
      expect(await ruleIds("server/domain/posts/probe.ts", `import "${spec}";\n`), spec).toEqual(["import-x/no-restricted-paths"]);
    }
  });

  it("lets the transports import next and the domain", async () => {
    const code = `import "next/server";\nimport "../domain/health.ts";\n`;
    expect(await ruleIds("server/http/probe.ts", code)).toEqual([]);
  });

  it("keeps the sandbox out of the adapters and the adapters out of the sandbox, tests aside", async () => {
    expect(await ruleIds("server/platforms/x/probe.ts", `import "../../sandbox/kit.ts";\n`)).toEqual(["import-x/no-restricted-paths"]);
    expect(await ruleIds("server/sandbox/x/probe.ts", `import "../../platforms/x/x-adapter.ts";\n`)).toEqual(["import-x/no-restricted-paths"]);
    expect(await ruleIds("server/sandbox/x/probe.ts", `import "../../platforms/pkce.ts";\n`)).toEqual([]);
    expect(await ruleIds("server/platforms/x/probe.test.ts", `import "../../sandbox/headless-consent.ts";\n`)).toEqual([]);
  });

  it("refuses an import cycle", async () => {
    // server/http/error-schema.ts imports server/errors.ts; importing it back closes a cycle.
    expect(await ruleIds("server/errors.ts", `import "./http/error-schema.ts";\n`)).toEqual(["import-x/no-cycle"]);
  });
});
