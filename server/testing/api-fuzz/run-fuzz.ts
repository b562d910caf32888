// The fuzzer: reads the service's OpenAPI document, draws cases for every operation from a
// seed (fast-check), sends them a few at a time over HTTP, and judges every answer.
// Replay one case with the same seed and FUZZ_ONLY=<operationId>#<index>.
import fc from "fast-check";
import pLimit from "p-limit";
import { operationCases, type FuzzCase } from "./fuzz-cases.ts";
import { judge, knownClasses, type FailureCategory, type KnownClass } from "./judge-outcome.ts";
import { readOperations, type DocOperation } from "./openapi-doc.ts";
import { harvestIds, type IdPools } from "./schema-arbitrary.ts";
import { sendCase } from "./send-case.ts";

export type FuzzOptions = {
  baseUrl: string;
  apiKey: string;
  /** cases in total, spread over the operations (bodies get more) */
  cases: number;
  seed: number;
  concurrency?: number;
  timeoutMs?: number;
  /** "<operationId>#<index>": run just that case */
  only?: string;
};

export type FailureRecord = {
  id: string;
  category: FailureCategory;
  known?: KnownClass;
  kind: string;
  request: string;
  answer: string;
};

export type FuzzReport = {
  seed: number;
  total: number;
  perOperation: Record<string, number>;
  statuses: Record<string, number>;
  /** statuses per operation: how deep its cases got */
  operationStatuses: Record<string, Record<string, number>>;
  rateLimited: number;
  deliberate5xx: number;
  refusedByClient: number;
  failures: FailureRecord[];
  /** the five slowest cases */
  slowest: { id: string; kind: string; ms: number; status: string }[];
  seconds: number;
};

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { baseUrl, apiKey, seed } = options;
  const started = performance.now();
  const docAnswer = await fetch(new URL("/api/v1/openapi.json", baseUrl));
  if (!docAnswer.ok) throw new Error(`GET /api/v1/openapi.json answered ${docAnswer.status}`);
  const { operations, resolve } = readOperations(await docAnswer.json());
  const pools = await harvest(baseUrl, apiKey, operations, seed);

  const weights = operations.map((op) => (op.body ? 3 : op.parameters.length > 0 ? 2 : 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((options.cases * w) / totalWeight)));
  for (let i = 0; counts.reduce((a, b) => a + b, 0) < options.cases; i = (i + 1) % counts.length) counts[i]!++;

  const perOperation: Record<string, number> = {};
  const queue: { id: string; c: FuzzCase }[][] = operations.map((op, i) => {
    const sampled = fc.sample(operationCases(op, resolve, pools, apiKey), { seed: seed + i, numRuns: counts[i]! });
    perOperation[op.operationId] = sampled.length;
    return sampled.map((c, index) => ({ id: `${op.operationId}#${index}`, c }));
  });
  // Operations interleaved, so the service sees a mix rather than one operation at a time.
  let cases = Array.from({ length: Math.max(...queue.map((q) => q.length)) }, (_, i) => queue.map((q) => q[i]).filter((x) => x !== undefined)).flat();
  if (options.only) cases = cases.filter((x) => x.id === options.only);

  const report: FuzzReport = {
    seed,
    total: 0,
    perOperation,
    statuses: {},
    operationStatuses: {},
    rateLimited: 0,
    deliberate5xx: 0,
    refusedByClient: 0,
    failures: [],
    slowest: [],
    seconds: 0,
  };
  const limit = pLimit(options.concurrency ?? 4);
  await Promise.all(
    cases.map(({ id, c }) =>
      limit(async () => {
        const slow = process.env.FUZZ_PROGRESS ? setTimeout(() => console.log(`still waiting after 5 s: ${id} ${describe(c)}`), 5_000) : undefined;
        const outcome = await sendCase(baseUrl, c, options.timeoutMs ?? 10_000);
        clearTimeout(slow);
        report.total++;
        const verdict = judge(c, outcome);
        if (outcome.answered === "refused-by-client") report.refusedByClient++;
        const statusKey = outcome.answered === true ? String(outcome.status) : outcome.answered === false ? "unanswered" : "not sent";
        report.statuses[statusKey] = (report.statuses[statusKey] ?? 0) + 1;
        const mine = (report.operationStatuses[c.operationId] ??= {});
        mine[statusKey] = (mine[statusKey] ?? 0) + 1;
        report.slowest = [...report.slowest, { id, kind: c.kind, ms: outcome.ms, status: statusKey }].sort((a, b) => b.ms - a.ms).slice(0, 5);
        if (process.env.FUZZ_PROGRESS && report.total % 250 === 0)
          console.log(`${report.total}/${cases.length} cases, ${Math.round(performance.now() - started)} ms`);
        if (verdict.rateLimited) report.rateLimited++;
        if (verdict.deliberate5xx) report.deliberate5xx++;
        if (verdict.failure) {
          const answer =
            outcome.answered === true
              ? `${outcome.status} ${outcome.contentType} ${preview(outcome.text, 300)}`
              : `${outcome.answered === false ? "no answer" : "not sent"}: ${outcome.reason}`;
          report.failures.push({ id, category: verdict.failure, known: verdict.known, kind: c.kind, request: describe(c), answer });
        }
      }),
    ),
  );
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return report;
}

/** Ids the key's workspace already has, from every list operation, so cases can name real things. */
async function harvest(baseUrl: string, apiKey: string, operations: DocOperation[], seed: number): Promise<IdPools> {
  const pools: IdPools = new Map();
  for (const op of operations) {
    if (op.method !== "GET" || !op.needsKey || op.parameters.some((p) => p.in === "path" || p.required)) continue;
    // once plainly, and once per value of each enum parameter (media of every type, posts of every platform)
    const queries = [""];
    for (const p of op.parameters) for (const value of p.schema.enum ?? []) queries.push(`?${p.name}=${encodeURIComponent(String(value))}`);
    for (const query of queries) {
      const res = await fetch(new URL(op.path + query, baseUrl), { headers: { Authorization: `Bearer ${apiKey}` } });
      if (res.ok) harvestIds(await res.json(), pools);
    }
  }
  // A handful of idempotency keys: replays and conflicts instead of unbounded new carousels and jobs.
  pools.set("requestId", fc.sample(fc.uuid({ version: 4 }), { seed, numRuns: 3 }));
  return pools;
}

function preview(text: string, max: number): string {
  const flat = JSON.stringify(text.length > max ? text.slice(0, max) + `…(${text.length} chars)` : text);
  return flat.slice(1, -1);
}

function describe(c: FuzzCase): string {
  const headers = Object.entries(c.headers)
    .map(([k, v]) => `${k}: ${k === "Authorization" && v.length > 20 ? v.slice(0, 14) + "…" : v}`)
    .join("; ");
  const target = c.path.length > 200 ? c.path.slice(0, 200) + `…(${c.path.length} chars)` : c.path;
  const body = c.body ? ` body(${c.body.length} B): ${preview(c.body.toString("utf8"), 200)}` : "";
  return `${c.method} ${JSON.stringify(target).slice(1, -1)} [${headers}]${body}`;
}

/** The report as text: counts, then the failures grouped by what failed, one example each. */
export function formatReport(report: FuzzReport): string {
  const lines = [
    `API fuzz: ${report.total} cases over ${Object.keys(report.perOperation).length} operations, seed ${report.seed}, ${report.seconds} s`,
    `statuses: ${Object.entries(report.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ")}`,
    ...Object.entries(report.operationStatuses).map(
      ([op, statuses]) =>
        `  ${op}: ${Object.entries(statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")}`,
    ),
    `429 (rate limited): ${report.rateLimited}; deliberate 503: ${report.deliberate5xx}; not sendable by node:http: ${report.refusedByClient}`,
    `slowest: ${report.slowest.map((x) => `${x.id} (${x.kind}) ${x.status} in ${x.ms} ms`).join("; ")}`,
    `failures: ${report.failures.length} (${report.failures.filter((f) => !f.known).length} outside the known classes)`,
  ];
  const groups = new Map<string, FailureRecord[]>();
  for (const f of report.failures) {
    const key = `${f.known ? `known: ${f.known}` : "NEW"} | ${f.category} | ${f.id.split("#")[0]} | ${f.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const first = list[0]!;
    lines.push(`  ${key}: ${list.length}`, `    e.g. ${first.id}: ${first.request}`, `    → ${first.answer}`);
  }
  const known = new Set(report.failures.map((f) => f.known).filter((k) => k !== undefined));
  for (const k of known) lines.push(`known class ${k}: ${knownClasses[k]}`);
  return lines.join("\n");
}
