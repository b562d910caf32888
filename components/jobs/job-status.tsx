// A job's status as a badge, and the polling rule shared by the composer and the jobs page:
// poll while anything is still moving, stop once everything is final.
export const finalStatuses = new Set(["published", "failed", "canceled", "unknown"]);
export const POLL_MS = 1500;

const tones: Record<string, string> = {
  queued: "bg-slate-100 text-slate-700",
  scheduled: "bg-indigo-50 text-indigo-700",
  processing: "bg-amber-50 text-amber-800",
  published: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-700",
  canceled: "bg-slate-100 text-slate-500",
  unknown: "bg-orange-50 text-orange-800",
};

export function JobStatusBadge({ status }: { status: string }) {
  return (
    <span data-testid="job-status" className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tones[status] ?? tones.queued}`}>
      {status}
    </span>
  );
}

export const statusHelp: Record<string, string> = {
  unknown: "The platform may or may not have published this post; check the account before trying again. It is never resubmitted automatically.",
};
