// The app tests that take minutes (drills that kill and stall processes, the CLI spawning
// `npm run` again and again, `npm start` itself): `npm test` runs them in a vitest process of
// their own, on a test stack of its own (TEST_GROUP=long, DATA_DIR=.data/test-long), beside the
// rest (TEST_GROUP=rest) and Playwright, which halves vitest's time on two cores
// (docs/testing.md). Without TEST_GROUP (`npm run test:unit`, one file) nothing is split.
export const longTests = [
  "server/domain/publishing/kill-drill.test.ts",
  "server/cli/cli.test.ts",
  "server/runtime/fault-drill.test.ts",
  "server/cli/platforms-check.test.ts",
  "server/domain/webhooks/webhook-drill.test.ts",
  "server/runtime/ctrl-c.test.ts",
  // installs n8n (minutes, once per checkout) and runs the n8n node inside it
  "n8n-test/n8n-node.test.ts",
  // not long each, but the rest of vitest is the longest suite: these two balance the groups
  "server/testing/doc-examples/doc-examples.test.ts",
  "server/http/api-fuzz.test.ts",
];

export type TestGroup = "long" | "rest" | undefined;

export function testGroup(): TestGroup {
  const group = process.env.TEST_GROUP;
  if (group === undefined || group === "") return undefined;
  if (group === "long" || group === "rest") return group;
  throw new Error(`TEST_GROUP is "${group}"; it is "long", "rest" or unset`);
}
