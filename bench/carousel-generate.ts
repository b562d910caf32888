// Benchmark: request → `completed` for a 10-slide carousel from a text with the built-in writer
// (target ≤ 5 s), through the API against the running stack, and the render time of each slide
// as the worker logged it. Run: npm run bench:carousel [-- runs]
import fs from "node:fs";
import path from "node:path";
import { createApiKey } from "../server/domain/api-keys/create-api-key.ts";
import { signUp } from "../server/domain/auth/sign-up.ts";
import { closeDb } from "../server/db.ts";
import { resetEnv } from "../server/env.ts";
import { scopeFromSession } from "../server/scope.ts";
import { sampleText } from "../server/testing/carousel-fixtures.ts";
import { startTestStack } from "../server/testing/test-stack.ts";

const RUNS = Number(process.argv[2] ?? 5);
process.env.LOG_LEVEL = "info"; // the worker's "carousel completed" lines carry the per-slide render times
const stack = await startTestStack("bench-carousel");
resetEnv();

const text = `${sampleText}\n\n${sampleText.replace(/teams/g, "companies")}`;
try {
  const { user, workspace } = await signUp({ email: `bench-carousel-${Date.now()}@example.test`, password: "bench-password" }, { plan: "BUSINESS" });
  const { key } = await createApiKey(await scopeFromSession(user.id, workspace.id), { name: "bench" });
  const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const rows = [];
  for (let run = 1; run <= RUNS; run++) {
    const started = performance.now();
    const res = await fetch(`${stack.baseUrl}/api/v1/carousels`, {
      method: "POST",
      headers,
      body: JSON.stringify({ requestId: crypto.randomUUID(), text, slideCount: 10 }),
    });
    if (res.status !== 202) throw new Error(`create answered ${res.status}: ${await res.text()}`);
    const accepted = performance.now() - started;
    const { carouselId } = (await res.json()) as { carouselId: string };
    let status = "queued";
    let images = 0;
    while (status !== "completed" && status !== "failed") {
      await new Promise((r) => setTimeout(r, 20));
      const poll = (await (await fetch(`${stack.baseUrl}/api/v1/carousels/${carouselId}`, { headers })).json()) as { status: string; images: unknown[] };
      status = poll.status;
      images = poll.images.length;
    }
    if (status !== "completed") throw new Error(`carousel ${carouselId} ${status}`);
    rows.push({ run, "202 ms": Math.round(accepted), "request → completed ms": Math.round(performance.now() - started), slides: images });
  }
  console.log(
    `\n10-slide carousel from text, built-in writer, ${RUNS} runs one after another (the first includes loading the renderer in the worker, on its first carousel)`,
  );
  console.table(rows);
  const totals = rows.map((r) => r["request → completed ms"]).sort((a, b) => a - b);
  console.log(`request → completed: median ${totals[Math.floor(totals.length / 2)]} ms, max ${totals.at(-1)} ms (target ≤ 5000 ms)`);

  const log = fs.readFileSync(path.join(stack.dataDir, "bench-carousel-stack.log"), "utf8");
  const renderMs = log
    .split("\n")
    .filter((l) => l.includes("carousel completed"))
    .flatMap((l) => (JSON.parse(l.slice(l.indexOf("{"))) as { renderMs: number[] }).renderMs);
  if (renderMs.length) {
    renderMs.sort((a, b) => a - b);
    const avg = renderMs.reduce((s, x) => s + x, 0) / renderMs.length;
    console.log(
      `render per slide (worker, 1080×1350 JPEG, rendering only): avg ${avg.toFixed(0)} ms, p50 ${renderMs[Math.floor(renderMs.length / 2)]!.toFixed(0)} ms, max ${renderMs.at(-1)!.toFixed(0)} ms over ${renderMs.length} slides`,
    );
  }
} finally {
  await closeDb();
  await stack.stop();
}
