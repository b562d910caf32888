// Benchmark: GET /api/v1/posts over a workspace with 1,000,000 synced posts (sort=top, and
// sort=recent&provider=x; 1 and 8 connections, 10 s each, p99 target ≤ 30 ms), and a sync of an
// account with 10,000 posts on the sandbox (time and platform calls).
// Run: npm run bench:posts [-- posts]
import autocannon from "autocannon";
import { closeDb, sql } from "../server/db.ts";
import { createApiKey } from "../server/domain/api-keys/create-api-key.ts";
import { signUp } from "../server/domain/auth/sign-up.ts";
import { syncAccount } from "../server/domain/posts/sync-account.ts";
import { resetEnv } from "../server/env.ts";
import { resetPlatformConfig } from "../server/platforms/config.ts";
import { scopeFromSession } from "../server/scope.ts";
import { connectAccount } from "../server/testing/account-fixtures.ts";
import { startTestStack } from "../server/testing/test-stack.ts";

const POSTS = Number(process.argv[2] ?? 1_000_000);
process.env.API_RATE_LIMIT_PER_MINUTE = "100000000";
const stack = await startTestStack("bench-posts");
resetEnv();
resetPlatformConfig();

try {
  const { user, workspace } = await signUp({ email: `bench-posts-${Date.now()}@example.test`, password: "bench-password" }, { plan: "BUSINESS" });
  const scope = await scopeFromSession(user.id, workspace.id);
  const { key } = await createApiKey(scope, { name: "bench" });
  const accounts = [];
  for (const provider of ["x", "threads", "linkedin", "tiktok", "instagram", "youtube", "facebook"] as const)
    accounts.push(await connectAccount(scope, provider));

  // 1,000,000 posts over two years, spread across the seven accounts; about one metric in ten unavailable.
  const t0 = performance.now();
  await sql(
    "bench-posts-fill",
    `INSERT INTO "SyncedPost" (id, "workspaceId", "accountId", provider, "nativeId", content, permalink, "postedAt", views, likes, replies, reposts, "metricsUpdatedAt", "updatedAt")
     SELECT gen_random_uuid(), $1, a.id, a.provider, 'bench-' || g, 'Post number ' || g, 'https://example.test/' || g,
            now() - (g::float / $3) * interval '730 days',
            CASE WHEN g % 10 = 0 THEN NULL ELSE (g * 7919) % 100000 END, CASE WHEN g % 9 = 0 THEN NULL ELSE (g * 104729) % 5000 END,
            (g * 31) % 300, (g * 17) % 200, now(), now()
       FROM generate_series(1::bigint, $3::bigint) g
       JOIN LATERAL (SELECT id, provider FROM "ConnectedAccount" WHERE id = ($2::uuid[])[1 + g % 7]) a ON true`,
    [workspace.id, accounts.map((a) => a.accountId), POSTS],
  );
  await sql("bench-analyze", `VACUUM ANALYZE "SyncedPost"`, []); // what autovacuum does after a bulk load
  console.log(`${POSTS.toLocaleString()} posts inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const headers = { Authorization: `Bearer ${key}` };
  const run = async (path: string, connections: number) => {
    const url = stack.baseUrl + path;
    await autocannon({ url, connections, duration: 3, headers });
    const r = await autocannon({ url, connections, duration: 10, headers });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    const body = await (await fetch(url, { headers })).json();
    return {
      query: path.replace("/api/v1/posts", ""),
      connections,
      "req/s": Math.round(r.requests.average),
      "p50 ms": r.latency.p50,
      "p99 ms": r.latency.p99,
      returned: body.posts.length,
      totalMatched: body.totalMatched,
    };
  };
  const rows = [];
  for (const connections of [1, 8])
    for (const q of ["?sort=top&limit=100", "?sort=recent&provider=x&limit=100"]) rows.push(await run(`/api/v1/posts${q}`, connections));
  console.log("\nGET /api/v1/posts, 10 s each after a 3 s warm-up (range: the default 30 days)");
  console.table(rows);

  // A sync of an account with 10,000 posts on the sandbox.
  const x = await connectAccount(scope, "x");
  await fetch(`${stack.sandboxUrl}/_sandbox/posts/seed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ provider: "x", username: x.username, count: 10_000, days: 365 }),
  });
  const s0 = performance.now();
  const result = await syncAccount(x.accountId);
  const seconds = (performance.now() - s0) / 1000;
  console.log(
    `sync of 10,000 X posts: ${seconds.toFixed(1)} s, ${result.pages} platform calls (pages of 100), ${result.posts} posts stored, complete: ${result.complete}`,
  );
  const s1 = performance.now();
  await syncAccount(x.accountId);
  console.log(`again with nothing changed: ${((performance.now() - s1) / 1000).toFixed(1)} s`);
} finally {
  await closeDb();
  await stack.stop();
}
