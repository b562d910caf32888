import { startTestStack } from "../server/testing/test-stack.ts";

export default async function globalSetup() {
  const stack = await startTestStack("e2e");
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_SANDBOX_URL = stack.sandboxUrl;
  return async () => stack.stop();
}
