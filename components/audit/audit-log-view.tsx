"use client";
// The audit log for owners and admins: filters (dates, actor, action), the entries newest first
// with "Load more" (the list's cursor), and "Export CSV" of the filtered log. Others are told the
// page is for owners and admins; the server refuses them anyway (403).
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";
import { formatDateTime } from "@/components/format/date-time";

type Filters = { from?: string; to?: string; actor?: string; action?: string };

const doorLabels: Record<string, string> = { dashboard: "Dashboard", rest: "REST API", mcp: "MCP (agent)", cli: "CLI", link: "Client link", worker: "Worker" };

/** A date field (YYYY-MM-DD, the browser's day) as an instant: the day's start, or the next day's for "to". */
function dayStart(value: string | undefined, nextDay = false): string | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (nextDay) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

export function AuditLogView() {
  const trpc = useTRPC();
  const workspaces = useQuery(trpc.workspaces.list.queryOptions());
  const allowed = workspaces.data?.permissions.includes("audit.read");
  if (workspaces.error) return <Alert>{errorMessage(workspaces.error)}</Alert>;
  if (!workspaces.data) return <p className="text-sm text-slate-500">Loading…</p>;
  if (!allowed) return <Alert tone="info">The audit log is only for the workspace&apos;s owners and admins.</Alert>;
  return <AuditEntries />;
}

function AuditEntries() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [exporting, setExporting] = useState<string | null>(null);
  const query = {
    from: dayStart(filters.from),
    to: dayStart(filters.to, true),
    actor: filters.actor?.trim() || undefined,
    action: filters.action?.trim() || undefined,
  };
  const entries = useInfiniteQuery(trpc.audit.list.infiniteQueryOptions({ ...query, limit: 50 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
  const rows = entries.data?.pages.flatMap((p) => p.entries) ?? [];

  const exportCsv = async () => {
    setExporting("Preparing the export…");
    try {
      const { csv, truncated } = await queryClient.fetchQuery({ ...trpc.audit.exportCsv.queryOptions(query), staleTime: 0 });
      const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setExporting(truncated ? "Exported the newest 50,000 entries; narrow the dates for older ones." : null);
    } catch (err) {
      setExporting(errorMessage(err));
    }
  };

  return (
    <div className="space-y-4">
      <form
        aria-label="Filter the audit log"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const text = (name: string) => String(form.get(name) ?? "") || undefined;
          setFilters({ from: text("from"), to: text("to"), actor: text("actor"), action: text("action") });
        }}
      >
        <Field label="From" name="from" type="date" className="w-40" />
        <Field label="To" name="to" type="date" className="w-40" />
        <Field label="Actor" name="actor" placeholder="email, key name or id" maxLength={200} className="min-w-48 flex-1" />
        <Field label="Action" name="action" placeholder="e.g. createWebhook, publishing." maxLength={200} className="min-w-48 flex-1" />
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="secondary" onClick={exportCsv} disabled={exporting === "Preparing the export…"}>
          Export CSV
        </Button>
      </form>
      {exporting && exporting !== "Preparing the export…" ? <Alert tone="info">{exporting}</Alert> : null}
      {entries.error ? <Alert>{errorMessage(entries.error)}</Alert> : null}
      {entries.data && rows.length === 0 ? (
        <EmptyState title="No entries">
          {Object.values(query).some(Boolean) ? "No entry matches these filters." : "Changes to this workspace are recorded here."}
        </EmptyState>
      ) : null}
      {rows.length > 0 ? (
        // scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable)
        <div tabIndex={0} role="region" aria-label="Audit log entries" className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-sm">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Time
                </th>
                <th scope="col" className="px-3 py-2">
                  Actor
                </th>
                <th scope="col" className="px-3 py-2">
                  Door
                </th>
                <th scope="col" className="px-3 py-2">
                  Action
                </th>
                <th scope="col" className="px-3 py-2">
                  Resource
                </th>
                <th scope="col" className="px-3 py-2">
                  Address
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id} data-testid="audit-row" className="border-t border-slate-100 align-top">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">{formatDateTime(e.at)}</td>
                  <td className="break-all px-3 py-2">{e.actorLabel}</td>
                  <td className="whitespace-nowrap px-3 py-2">{doorLabels[e.door] ?? e.door}</td>
                  <td className="px-3 py-2 font-mono text-xs">{e.action}</td>
                  <td className="break-all px-3 py-2 text-xs">
                    {e.resourceType ? <span className="text-slate-600">{e.resourceType} </span> : null}
                    {e.resourceId ? <span className="font-mono">{e.resourceId}</span> : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs text-slate-600">{e.address ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {entries.hasNextPage ? (
        <Button type="button" variant="secondary" onClick={() => entries.fetchNextPage()} disabled={entries.isFetchingNextPage}>
          {entries.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}
