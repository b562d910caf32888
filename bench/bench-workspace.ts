// Where the publishing benchmarks and drills start: a sandbox answering without processing time,
// and a new Business workspace (the highest rate limit) with an API key.
import { createApiKey } from "../server/domain/api-keys/create-api-key.ts";
import { signUp } from "../server/domain/auth/sign-up.ts";
import { scopeFromSession } from "../server/scope.ts";
import type { TestStack } from "../server/testing/test-stack.ts";

/** `name` tells the run's user apart (its email). */
export async function benchWorkspace(stack: TestStack, name: string) {
  await fetch(`${stack.sandboxUrl}/_sandbox/settings`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ processingMs: 0 }),
  });
  const { user, workspace } = await signUp({ email: `${name}-${Date.now()}@example.test`, password: "bench-password" }, { plan: "BUSINESS" });
  const scope = await scopeFromSession(user.id, workspace.id);
  const { key } = await createApiKey(scope, { name: "bench" });
  return { workspace, scope, key };
}
