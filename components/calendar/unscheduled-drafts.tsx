"use client";
// Drafts with no intended time: beside the calendar, each opening in the composer.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { providerLabels } from "@/components/accounts/provider-badge";
import { formatDateTime } from "@/components/format/date-time";
import { useTRPC } from "@/components/trpc";
import { draftHref } from "./calendar-links";

export function UnscheduledDrafts() {
  const trpc = useTRPC();
  const drafts = useQuery(trpc.schedules.unscheduledDrafts.queryOptions());
  return (
    <section aria-labelledby="unscheduled-drafts" className="space-y-2 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200" data-testid="unscheduled-drafts">
      <h2 id="unscheduled-drafts" className="font-semibold">
        Unscheduled drafts
      </h2>
      {drafts.data && drafts.data.length === 0 ? (
        <p className="text-slate-600">No drafts without a time. Drafts you save in Compose without a time appear here.</p>
      ) : null}
      <ul className="space-y-1">
        {(drafts.data ?? []).map((d) => (
          <li key={d.draftId}>
            <Link
              href={draftHref(d.draftId)}
              data-testid="unscheduled-draft"
              className="block rounded border border-dashed border-amber-300 px-2 py-1.5 hover:bg-amber-50"
            >
              <span className="text-[0.65rem] font-semibold uppercase tracking-wide text-slate-700">Draft</span>{" "}
              <span className="text-xs text-slate-600">
                {d.targets.length ? d.targets.map((t) => providerLabels[t.provider]).join(", ") : "No accounts yet"} · saved {formatDateTime(d.updatedAt)}
              </span>
              <span className="block truncate">{d.summary || "(no text yet)"}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
