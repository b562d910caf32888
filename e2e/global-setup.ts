import { startTestStack } from "../server/testing/test-stack.ts";

// The database is the installation's own name in DATA_DIR's server, as for `npm start`: the
// "Connect an agent" page's local (stdio) configuration, which names only DATA_DIR, then works.
export default async function globalSetup() {
  const stack = await startTestStack("e2e", { databaseName: "posteady" });
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_SANDBOX_URL = stack.sandboxUrl;
  // TEMPORARY (account-security.ui.spec.ts reads its emails from the outbox until the test SMTP inbox lands)
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  return async () => stack.stop();
}
