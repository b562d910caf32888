// CPU time used by this benchmark and everything it started (web, worker, sandbox, the embedded
// PostgreSQL's backends), by role, read from /proc. On two shared cores, CPU per job is a
// steadier figure than a rate, and it shows which part to work on. Empty where /proc is absent.
import fs from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const ROLES: [RegExp, string][] = [
  [/jobs\/worker\.ts/, "worker"],
  [/sandbox\/main\.ts/, "sandbox"],
  [/web-server\.ts/, "web"],
];

type Proc = { pid: number; ppid: number; comm: string; ms: number };

function readProcs(): Proc[] {
  const procs: Proc[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // Fields after the command name, which is in parentheses and may hold spaces.
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      procs.push({ pid: Number(name), ppid: Number(f[1]), comm, ms: ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_SECOND });
    } catch {
      // the process ended while we looked
    }
  }
  return procs;
}

function roleOf(pid: number): string {
  if (pid === process.pid) return "load generator";
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    return ROLES.find(([re]) => re.test(cmd))?.[1] ?? "other";
  } catch {
    return "other";
  }
}

function childrenOf(procs: Proc[]): Map<number, Proc[]> {
  const children = new Map<number, Proc[]>();
  for (const p of procs) {
    if (!children.has(p.ppid)) children.set(p.ppid, []);
    children.get(p.ppid)!.push(p);
  }
  return children;
}

/** Pids of this process's descendants in a role ("worker", "web", "sandbox"): the stack it started. */
export function pidsOfRole(role: string): number[] {
  if (!fs.existsSync("/proc/self/stat")) return [];
  const children = childrenOf(readProcs());
  const found: number[] = [];
  const stack = [...(children.get(process.pid) ?? [])];
  while (stack.length) {
    const p = stack.pop()!;
    if (roleOf(p.pid) === role) found.push(p.pid);
    stack.push(...(children.get(p.pid) ?? []));
  }
  return found;
}

/** A process's resident memory in MB (/proc/<pid>/status): now (VmRSS) and its peak so far (VmHWM). */
export function memoryMb(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  } catch {
    return undefined; // gone, or no /proc
  }
}

/** The service's own processes, without the sandbox (the platforms) and the load generator. */
export const SERVICE_ROLES = ["web", "worker", "postgresql"];

/** CPU ms the service's own processes spent between two `cpuByRole()` readings. */
export function serviceCpuMs(before: Map<string, number>, after: Map<string, number>): number {
  return SERVICE_ROLES.reduce((sum, role) => sum + (after.get(role) ?? 0) - (before.get(role) ?? 0), 0);
}

/** CPU ms so far per role: this process, its descendants, and every PostgreSQL process (the
 * embedded server may have been started by an earlier process; an idle system one adds ~0). */
export function cpuByRole(): Map<string, number> {
  const totals = new Map<string, number>();
  if (!fs.existsSync("/proc/self/stat")) return totals;
  const procs = readProcs();
  const children = childrenOf(procs);
  const counted = new Set<number>();
  const count = (p: Proc, role = p.comm === "postgres" ? "postgresql" : roleOf(p.pid)) => {
    if (counted.has(p.pid)) return;
    counted.add(p.pid);
    totals.set(role, (totals.get(role) ?? 0) + p.ms);
  };
  const stack = procs.filter((p) => p.pid === process.pid);
  while (stack.length) {
    const p = stack.pop()!;
    count(p);
    stack.push(...(children.get(p.pid) ?? []));
  }
  for (const p of procs) if (p.comm === "postgres") count(p);
  return totals;
}

/** CPU ms per unit of work per role between two `cpuByRole()` readings, largest first. */
export function cpuPerUnit(before: Map<string, number>, after: Map<string, number>, units: number): Record<string, string> {
  const rows = [...after].map(([role, ms]) => [role, (ms - (before.get(role) ?? 0)) / units] as const).filter(([, v]) => v > 0);
  rows.sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((s, [, v]) => s + v, 0);
  return Object.fromEntries([...rows.map(([role, v]) => [role, v.toFixed(1)]), ["total", total.toFixed(1)]]);
}
