// Fuzzes every operation of the OpenAPI document over HTTP (server/testing/api-fuzz).
// Run: npm run fuzz:api                      (starts its own stack; 10,000 cases)
//      BASE_URL=http://localhost:3000 API_KEY=pst_… npm run fuzz:api   (a running service)
// Options (env): FUZZ_CASES, FUZZ_SEED, FUZZ_CONCURRENCY, FUZZ_ONLY=<operationId>#<index>.
// Exits 1 when any request went unanswered, answered 5xx (but a deliberate 503) or left the envelope.
import { closeDb } from "../server/db.ts";
import { resetEnv } from "../server/env.ts";
import { resetPlatformConfig } from "../server/platforms/config.ts";
import { createFuzzWorkspace } from "../server/testing/api-fuzz/fuzz-workspace.ts";
import { formatReport, runFuzz } from "../server/testing/api-fuzz/run-fuzz.ts";
import { startTestStack, type TestStack } from "../server/testing/test-stack.ts";

const cases = Number(process.env.FUZZ_CASES ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
let stack: TestStack | undefined;
let baseUrl = process.env.BASE_URL;
let apiKey = process.env.API_KEY;
if (!baseUrl || !apiKey) {
  if (baseUrl || apiKey) throw new Error("Set both BASE_URL and API_KEY, or neither (then the fuzzer starts its own stack)");
  // 10,000 cases take well under a minute: past any plan's limit, and 429s would hide behaviour
  process.env.API_RATE_LIMIT_PER_MINUTE ??= "100000000";
  stack = await startTestStack("fuzz");
  resetEnv();
  resetPlatformConfig();
  baseUrl = stack.baseUrl;
  apiKey = (await createFuzzWorkspace(baseUrl)).key;
}
let exitCode = 1;
try {
  console.log(`fuzzing ${baseUrl} with seed ${seed} (replay: FUZZ_SEED=${seed})`);
  const report = await runFuzz({ baseUrl, apiKey, cases, seed, concurrency: Number(process.env.FUZZ_CONCURRENCY ?? 4), only: process.env.FUZZ_ONLY });
  console.log(formatReport(report));
  exitCode = report.failures.length === 0 ? 0 : 1;
} finally {
  if (stack) {
    await closeDb();
    await stack.stop();
  }
}
process.exit(exitCode);
