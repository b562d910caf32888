// Benchmark: GET /api/v1/accounts with key auth vs. a bare route of the same web server that
// returns constant JSON (/api/health/live), 32 concurrent connections, autocannon in this
// process against the app's own web process: one key (the target's case), then 32 keys of 32
// workspaces, where concurrent lists of one workspace cannot share a query.
// Run: npm run bench:api
import autocannon from "autocannon";
import { closeDb, db } from "../server/db.ts";
import { createApiKey } from "../server/domain/api-keys/create-api-key.ts";
import { signUp } from "../server/domain/auth/sign-up.ts";
import { systemScope } from "../server/scope.ts";
import { startTestStack } from "../server/testing/test-stack.ts";
import { pool } from "./pool.ts";

// The per-key limiter still runs on every request; the bench only raises its ceiling.
process.env.API_RATE_LIMIT_PER_MINUTE = "100000000";
const stack = await startTestStack("bench");
try {
  const providers = ["threads", "x", "linkedin", "tiktok", "instagram", "youtube", "facebook"] as const;
  const workspaceWithKey = async (n: number) => {
    const { workspace } = await signUp({ email: `bench-${Date.now()}-${n}@example.test`, password: "bench-password" }, { plan: "BUSINESS" });
    const { key } = await createApiKey(await systemScope(workspace.id), { name: "bench" });
    await db.connectedAccount.createMany({
      data: providers.map((provider, i) => ({
        workspaceId: workspace.id,
        provider,
        providerAccountId: String(i),
        username: `${provider}_user`,
        displayName: `${provider} account`,
        accessTokenEnc: "bench",
        connectionMethod: provider === "tiktok" ? "business" : null,
        scopes: [],
        pageTasks: [],
      })),
    });
    return key;
  };
  const keys = await pool(32, 4, workspaceWithKey);
  const key = keys[0]!;

  const run = async (title: string, path: string, headers: Record<string, string> = {}, perConnection?: string[]) => {
    const url = stack.baseUrl + path;
    let next = 0;
    // each connection its own key, when given
    const setupClient = perConnection
      ? (client: { setHeaders(h: Record<string, string>): void }) =>
          client.setHeaders({ Authorization: `Bearer ${perConnection[next++ % perConnection.length]}` })
      : undefined;
    await autocannon({ url, connections: 32, duration: 3, headers, setupClient }); // warm-up
    const r = await autocannon({ url, connections: 32, duration: 15, headers, setupClient });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total };
  };
  const bare = await run("bare route (constant JSON)", "/api/health/live");
  const accounts = await run("GET /api/v1/accounts (key auth)", "/api/v1/accounts", { Authorization: `Bearer ${key}` });
  const spread = await run("GET /api/v1/accounts, 32 workspaces", "/api/v1/accounts", {}, keys);

  console.log("\n32 connections, 15 s each, after a 3 s warm-up");
  console.table([bare, accounts, spread].map((r) => ({ route: r.title, "req/s": Math.round(r.rps), "p50 ms": r.p50, "p99 ms": r.p99, requests: r.requests })));
  const ratio = accounts.rps / bare.rps;
  console.log(`throughput ratio accounts/bare: ${ratio.toFixed(2)} (target ≥ 0.5); accounts p99 ${accounts.p99} ms (target ≤ 25 ms)`);
  console.log(`32 workspaces (no shared queries): ratio ${(spread.rps / bare.rps).toFixed(2)}, p99 ${spread.p99} ms`);
} finally {
  await closeDb();
  await stack.stop();
}
