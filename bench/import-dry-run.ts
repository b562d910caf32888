// Benchmark: the dry run of a 1,000-row CSV import through HTTP (POST /api/v1/imports with
// dryRun: true), every row valid: two X accounts named by provider:username, a thread, a time in
// the import's zone. Issue 49's target: under 5 s on this machine. Prints each run and the median,
// then imports the same file for real and reports how long the worker took to make every group.
// Run: npm run bench:import [-- rows runs]
import { closeDb } from "../server/db.ts";
import { createApiKey } from "../server/domain/api-keys/create-api-key.ts";
import { signUp } from "../server/domain/auth/sign-up.ts";
import { resetEnv } from "../server/env.ts";
import { resetPlatformConfig } from "../server/platforms/config.ts";
import { scopeFromSession } from "../server/scope.ts";
import { connectAccount } from "../server/testing/account-fixtures.ts";
import { startTestStack } from "../server/testing/test-stack.ts";

const ROWS = Number(process.argv[2] ?? 1000);
const RUNS = Number(process.argv[3] ?? 5);
process.env.API_RATE_LIMIT_PER_MINUTE = "100000000";
const stack = await startTestStack("bench-import");
resetEnv();
resetPlatformConfig();

try {
  const { user, workspace } = await signUp({ email: `bench-import-${Date.now()}@example.test`, password: "bench-password" }, { plan: "BUSINESS" });
  const scope = await scopeFromSession(user.id, workspace.id);
  const { key } = await createApiKey(scope, { name: "bench" });
  await connectAccount(scope, "x", { username: "bench_a" });
  const b = await connectAccount(scope, "x", { username: "bench_b" });
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const lines = ["accounts,text,thread,media,firstComment,scheduledAt,queue,evergreen"];
  for (let i = 0; i < ROWS; i++) {
    const minute = String(i % 60).padStart(2, "0");
    const hour = String(Math.floor(i / 60) % 24).padStart(2, "0");
    lines.push(
      `x:bench_a ${b.accountId},"Post ${i}: what we learned this week, https://example.test/${i}","Part two of ${i}\n---\nPart three",,Thanks for reading,${day} ${hour}:${minute},,`,
    );
  }
  const data = lines.join("\n");
  const send = async () => {
    const t0 = performance.now();
    const res = await fetch(`${stack.baseUrl}/api/v1/imports`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ requestId: crypto.randomUUID(), format: "csv", data, timezone: "Europe/Berlin", dryRun: true }),
    });
    const body = (await res.json()) as { valid: boolean; rows: unknown[] };
    const ms = performance.now() - t0;
    if (res.status !== 200 || !body.valid || body.rows.length !== ROWS)
      throw new Error(`unexpected answer ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
    return ms;
  };
  await send(); // warm-up (prepared statements, JIT)
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const ms = await send();
    times.push(ms);
    console.log(`run ${r + 1}: ${ROWS} rows checked in ${(ms / 1000).toFixed(2)} s`);
  }
  times.sort((x, y) => x - y);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`dry run of ${ROWS} rows (${(Buffer.byteLength(data) / 1024).toFixed(0)} KiB CSV): median ${(median / 1000).toFixed(2)} s (target < 5 s)`);

  const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const t0 = performance.now();
  const started = await fetch(`${stack.baseUrl}/api/v1/imports`, {
    method: "POST",
    headers,
    body: JSON.stringify({ requestId: crypto.randomUUID(), format: "csv", data, timezone: "Europe/Berlin" }),
  });
  const { importId } = (await started.json()) as { importId: string };
  if (started.status !== 202) throw new Error(`the import was answered ${started.status}`);
  const accepted = performance.now() - t0;
  let view: { status: string; created: number };
  for (;;) {
    view = (await (await fetch(`${stack.baseUrl}/api/v1/imports/${importId}`, { headers })).json()) as typeof view;
    if (view.status === "completed" || view.status === "failed") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(
    `real import: accepted in ${(accepted / 1000).toFixed(2)} s, ${view.status} with ${view.created} post groups after ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
} finally {
  await closeDb();
  await stack.stop();
}
