// Fuzzes every operation of the service's own OpenAPI document over real HTTP, with a Business
// key (so requests get past the rate limit to validation and the domain): no request may go
// unanswered, answer 5xx (but a deliberate 503) or leave the error envelope. Fixed seed, so a
// failure replays: FUZZ_SEED=<seed> FUZZ_ONLY=<case id> npm run fuzz:api.
import { expect, inject, it } from "vitest";
import { createFuzzWorkspace } from "../testing/api-fuzz/fuzz-workspace.ts";
import { formatReport, runFuzz } from "../testing/api-fuzz/run-fuzz.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 28_2026);
const CASES = Number(process.env.FUZZ_CASES ?? 2_400);

it(`answers ${CASES} fuzz cases over every operation without 500, silence or a body outside the envelope`, async () => {
  const baseUrl = inject("baseUrl");
  const { key } = await createFuzzWorkspace(baseUrl);
  const report = await runFuzz({ baseUrl, apiKey: key, cases: CASES, seed: SEED, concurrency: 4 });
  console.log(formatReport(report));
  expect(report.total).toBeGreaterThanOrEqual(2_000);
  expect(Object.keys(report.perOperation).length).toBeGreaterThanOrEqual(16);
  expect(report.failures.map((f) => `${f.category} ${f.id} (${f.kind}): ${f.request} → ${f.answer}`)).toEqual([]);
}, 600_000);
