// Platform contract tests: a fresh in-memory sandbox on a free port (no database, no web app).
import type { TestProject } from "vitest/node";
import { freePort } from "../runtime/embedded-postgres.ts";
import { startSandbox } from "../sandbox/app.ts";
import { providerModules } from "../sandbox/provider-modules.ts";

export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ port: await freePort(), modules: providerModules });
  project.provide("sandboxUrl", sandbox.url);
  return () => sandbox.close();
}
