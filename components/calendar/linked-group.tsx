"use client";
// /calendar?postGroup=<id>, the link of a comment's email: the calendar opens at the group's time
// with its post in the detail panel (where its comments are). A group with no post on the calendar
// (one waiting for approval has no job yet) gets a panel of its own with its comments.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { CommentThread } from "@/components/comments/comment-thread";
import { Alert } from "@/components/ui/alert";
import { errorMessage, useTRPC } from "@/components/trpc";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { dayKey } from "@/server/domain/scheduling/wall-time";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the link once (the calendar renders only in the browser), moves to the group's day and opens its post. */
export function useLinkedGroup(opts: { zone: string; entries: CalendarEntry[] | undefined; setAnchor: (day: string) => void; open: (key: string) => void }) {
  const trpc = useTRPC();
  const [postGroupId, setPostGroupId] = useState(() => {
    const id = new URLSearchParams(window.location.search).get("postGroup");
    return id && UUID.test(id) ? id : null;
  });
  const group = useQuery({ ...trpc.posts.group.queryOptions({ id: postGroupId ?? "" }), enabled: postGroupId !== null, retry: false });
  const moved = useRef(false);
  const opened = useRef(false);
  const { zone, entries, setAnchor, open } = opts;
  useEffect(() => {
    if (moved.current || !group.data) return;
    moved.current = true;
    setAnchor(dayKey(group.data.scheduledAt ?? group.data.createdAt, zone));
  }, [group.data, zone, setAnchor]);
  const entry = postGroupId ? entries?.find((e) => e.group?.postGroupId === postGroupId) : undefined;
  useEffect(() => {
    if (opened.current || !entry) return;
    opened.current = true;
    open(entry.key);
  }, [entry, open]);
  return { postGroupId, group, hasEntry: entry !== undefined, close: () => setPostGroupId(null) };
}

export function LinkedGroupPanel({ linked }: { linked: ReturnType<typeof useLinkedGroup> }) {
  const { postGroupId, group } = linked;
  if (!postGroupId || linked.hasEntry) return null;
  const status = group.data?.status;
  return (
    <section aria-label="Linked post" className="space-y-3 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold">Linked post</h2>
        <button type="button" onClick={linked.close} aria-label="Close" className="text-slate-500 hover:text-slate-800">
          ×
        </button>
      </div>
      {group.error ? <Alert>{errorMessage(group.error)}</Alert> : null}
      {status === "pending_approval" || status === "rejected" ? (
        <p className="text-slate-600">
          {status === "rejected" ? "It was returned to its author" : "It waits for approval"}: see it in{" "}
          <Link href="/approvals" className="font-medium text-brand-700 hover:underline">
            Approvals
          </Link>
          .
        </p>
      ) : null}
      {group.data ? <CommentThread target={{ postGroupId }} /> : null}
    </section>
  );
}
