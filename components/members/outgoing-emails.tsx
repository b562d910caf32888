"use client";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { errorMessage, useTRPC } from "@/components/trpc";
import { formatDateTime } from "@/components/format/date-time";

const statusText: Record<string, string> = {
  pending: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  unsent: "Not sent (no mail server)",
};

/** The workspace's recent email: what was delivered, what is being retried and why, what failed. */
export function OutgoingEmails() {
  const trpc = useTRPC();
  const emails = useQuery(trpc.members.emails.queryOptions(undefined, { refetchInterval: 10_000 }));
  if (emails.error) return <Alert>{errorMessage(emails.error)}</Alert>;
  if (!emails.data) return null;
  return (
    <section aria-labelledby="emails-heading">
      <h2 id="emails-heading" className="mb-1 text-base font-semibold">
        Outgoing email
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        {emails.data.smtpConfigured
          ? "A send the mail server refuses is retried with growing pauses for about six hours."
          : "No mail server is configured (SMTP_URL), so nothing is emailed: copy invitation links from this page instead."}
      </p>
      {emails.data.emails.length === 0 ? (
        <p className="text-sm text-slate-600">No email yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg bg-white text-sm shadow-sm ring-1 ring-slate-200">
          {emails.data.emails.map((e) => (
            <li key={e.id} className="flex flex-wrap gap-x-4 gap-y-1 px-4 py-2" data-testid="email-row">
              <span className="min-w-48 flex-1">
                {e.subject} <span className="text-slate-600">→ {e.to}</span>
              </span>
              <span className="text-slate-600">{formatDateTime(e.createdAt)}</span>
              <span className={e.status === "failed" ? "font-medium text-red-700" : "text-slate-700"}>
                {statusText[e.status] ?? e.status}
                {e.attempts > 1 ? ` after ${e.attempts} attempts` : ""}
                {e.lastError && e.status !== "sent" ? `: ${e.lastError}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
