// Sandbox faults scoped to one profile (`username`): test files run side by side against one
// sandbox, and a fault meant for one test's account must not be taken by another's request.
import { expect, it } from "vitest";
import { PlatformError } from "../platforms/errors.ts";
import { tiktokAdapter } from "../platforms/tiktok/tiktok-adapter.ts";
import { connect, contextFor, fault, sandbox } from "../testing/platform-fixtures.ts";

async function connected() {
  const { tokens, identity } = await connect(tiktokAdapter);
  return contextFor(identity, tokens);
}

it("applies a fault scoped to a username only to that profile's requests", async () => {
  const [target, bystander] = [await connected(), await connected()];
  const { fault: added } = (await fault("tiktok", "rate_limit", { operation: "creator_info.query", username: target.username, retryAfterSeconds: 60 })) as {
    fault: { id: string };
  };
  expect((await tiktokAdapter.creatorInfo(bystander)).creatorUsername).toBe(bystander.username);
  const remaining = async () =>
    (await sandbox<{ faults: { id: string; remaining: number }[] }>("GET", "/_sandbox/faults")).faults.find((f) => f.id === added.id)?.remaining;
  expect(await remaining()).toBe(1);
  const err = await tiktokAdapter.creatorInfo(target).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  expect((err as PlatformError).kind).toBe("rate_limited");
  expect(await remaining()).toBeUndefined(); // spent faults leave the list
});
