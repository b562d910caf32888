"use client";
// The workspace's client review links on the Approvals page: what each holds, the answers it
// brought, and Revoke. The links themselves are shown only when made (share-for-review.tsx).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { formatDateTime } from "@/components/format/date-time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";

const statusLabels = { active: "Active", expired: "Expired", revoked: "Revoked" } as const;

export function ReviewLinksSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const links = useQuery(trpc.reviewLinks.list.queryOptions());
  const revoke = useMutation(
    trpc.reviewLinks.revoke.mutationOptions({
      onSuccess: async () => {
        toast.success("Review link revoked");
        await queryClient.invalidateQueries({ queryKey: trpc.reviewLinks.list.queryKey() });
      },
    }),
  );
  if (!links.data?.reviewLinks.length && !links.error) return null;
  return (
    <section aria-labelledby="review-links-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="review-links-heading" className="text-base font-semibold">
        Client review links
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Pages your clients open without a login to approve posts or ask for changes. Their answers appear as comments on the posts.
      </p>
      {links.error ? <Alert>{errorMessage(links.error)}</Alert> : null}
      {revoke.error ? <Alert>{errorMessage(revoke.error)}</Alert> : null}
      <ul className="mt-4 divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" aria-label="Review links">
        {links.data?.reviewLinks.map((l) => (
          <li key={l.reviewLinkId} className="flex flex-wrap items-center gap-3 px-3 py-3 text-sm" data-testid="review-link-row" data-status={l.status}>
            <span className="min-w-48 flex-1">
              {l.postGroupIds.length === 1 ? "1 post" : `${l.postGroupIds.length} posts`} · {l.responses === 1 ? "1 answer" : `${l.responses} answers`} · by{" "}
              {l.createdBy}
              <span className="block text-xs text-slate-600">
                {l.status === "active" ? `Works until ${formatDateTime(l.expiresAt)}` : statusLabels[l.status]}
                {l.revokedAt ? ` on ${formatDateTime(l.revokedAt)}` : ""}
              </span>
            </span>
            {l.status === "active" ? (
              <Button variant="danger" onClick={() => revoke.mutate({ reviewLinkId: l.reviewLinkId })} disabled={revoke.isPending}>
                Revoke<span className="sr-only"> the review link of {formatDateTime(l.createdAt)}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
