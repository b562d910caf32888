import { startTestStack } from "../server/testing/test-stack.ts";

// The database is the installation's own name in DATA_DIR's server, as for `npm start`: the
// "Connect an agent" page's local (stdio) configuration, which names only DATA_DIR, then works.
export default async function globalSetup() {
  const stack = await startTestStack("e2e", { databaseName: "posteady" });
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_SANDBOX_URL = stack.sandboxUrl;
  process.env.E2E_MAIL_DIR = stack.mailDir;
  return async () => stack.stop();
}
