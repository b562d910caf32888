"use client";
// The composer for those who may write (content.draft: contributors and up); a viewer is told
// they cannot compose here, rather than given a form every send of which the server refuses.
import Link from "next/link";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { usePermission } from "@/components/access/use-permission";

export function ComposeGate({ children }: { children: React.ReactNode }) {
  const allowed = usePermission("content.draft");
  if (allowed === undefined) return <p className="text-sm text-slate-500">Loading…</p>;
  if (allowed) return children;
  return (
    <div className="space-y-3" data-testid="compose-read-only">
      <ReadOnlyNote permission="content.draft">Viewers can read this workspace but not compose: your role cannot write or publish posts.</ReadOnlyNote>
      <p className="text-sm text-slate-600">
        What is planned and published is in the{" "}
        <Link href="/calendar" className="text-brand-700 hover:underline">
          Calendar
        </Link>{" "}
        and under{" "}
        <Link href="/posts" className="text-brand-700 hover:underline">
          Posts
        </Link>
        .
      </p>
    </div>
  );
}
