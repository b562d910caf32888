"use client";
// A post's metrics over time, drawn from the stored snapshots (one line per metric that has
// numbers; unavailable metrics are listed, not drawn as zero).
import type { Metrics } from "@/server/domain/posts/metric-mapping";

const colors: Record<string, string> = {
  views: "#2f6bff",
  likes: "#e0457b",
  replies: "#0e9f6e",
  reposts: "#f59e0b",
  quotes: "#7c3aed",
  bookmarks: "#0891b2",
  shares: "#64748b",
};

export function MetricsChart({ points }: { points: { capturedAt: string; metrics: Metrics }[] }) {
  const names = Object.keys(colors) as (keyof Metrics)[];
  const drawn = names.filter((n) => points.some((p) => p.metrics[n] !== null));
  const unavailable = names.filter((n) => !drawn.includes(n));
  if (points.length === 0) return <p className="text-sm text-slate-500">No snapshots yet.</p>;
  const W = 560;
  const H = 200;
  const pad = 36;
  const times = points.map((p) => Date.parse(p.capturedAt));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const max = Math.max(1, ...points.flatMap((p) => drawn.map((n) => p.metrics[n] ?? 0)));
  const x = (t: number) => pad + (t1 === t0 ? (W - 2 * pad) / 2 : ((t - t0) / (t1 - t0)) * (W - 2 * pad));
  const y = (v: number) => H - pad + 8 - (v / max) * (H - 2 * pad);
  return (
    <figure data-testid="metrics-chart" className="space-y-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Metrics over time: ${drawn.join(", ")}`} className="w-full rounded-md bg-slate-50">
        <line x1={pad} y1={H - pad + 8} x2={W - pad} y2={H - pad + 8} stroke="#cbd5e1" />
        <text x={4} y={pad - 20} fontSize="10" fill="#64748b">
          {max.toLocaleString()}
        </text>
        <text x={4} y={H - pad + 8} fontSize="10" fill="#64748b">
          0
        </text>
        {drawn.map((n) => {
          const line = points.filter((p) => p.metrics[n] !== null).map((p) => `${x(Date.parse(p.capturedAt))},${y(p.metrics[n]!)}`);
          return (
            <g key={n}>
              <polyline points={line.join(" ")} fill="none" stroke={colors[n]} strokeWidth="2" />
              {line.map((pt) => {
                const [cx, cy] = pt.split(",");
                return <circle key={pt} cx={cx} cy={cy} r="3" fill={colors[n]} />;
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs">
        {drawn.map((n) => (
          <span key={n} className="flex items-center gap-1">
            <span className="inline-block h-2 w-2 rounded-full" style={{ background: colors[n] }} />
            {n} {points.at(-1)!.metrics[n]?.toLocaleString() ?? "–"}
          </span>
        ))}
        {unavailable.length ? <span className="text-slate-500">not available: {unavailable.join(", ")}</span> : null}
        <span className="text-slate-500">
          {points.length} snapshot{points.length === 1 ? "" : "s"}
        </span>
      </figcaption>
    </figure>
  );
}
