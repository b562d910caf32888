// One post group on a client review page: when it goes out, its preview on each network (the
// composer's previews, read-only), what clients already answered, and the answer form.
import type { ProviderName } from "@/server/domain/accounts/providers";
import type { ReviewGroup } from "@/server/domain/review-links/open-review-link";
import { effectiveOf, fromGroupBody, targetOf, type PickedMedia } from "@/components/compose/composition";
import { PlatformPreview } from "@/components/compose/previews";
import { formatDateTime, formatInZone } from "@/components/format/date-time";
import { ReviewResponseForm } from "./review-response-form";

const statusWords: Record<string, string> = {
  pending_approval: "Waiting for approval",
  rejected: "Returned to the team for changes",
  scheduled: "Scheduled",
  publishing: "Publishing",
  published: "Published",
  partially_published: "Partly published",
  failed: "Could not be published",
  canceled: "Canceled",
};

const kindWords: Record<string, string> = { approved: "approved", changes_requested: "asked for changes" };

export function ReviewGroupCard({ token, group, position }: { token: string; group: ReviewGroup; position: string }) {
  const accounts = new Map(group.accounts.map((a) => [a.accountId, a]));
  const media = new Map<string, PickedMedia>(group.media.map((m) => [m.mediaId, m]));
  const composition = fromGroupBody(
    group.composition,
    (id) => accounts.get(id)?.provider,
    (id) => media.get(id),
  );
  const headingId = `review-${group.postGroupId}`;
  const when = group.scheduledAt ? formatInZone(group.scheduledAt, group.timezone ?? "UTC") : "As soon as it is approved";
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="review-group">
      <h2 id={headingId} className="text-base font-semibold">
        {position}: {when}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="review-status">
        {statusWords[group.status] ?? group.status}
      </p>
      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {composition.accountIds.map((id) => {
          const account = accounts.get(id);
          if (!account) return null; // disconnected since
          const provider: ProviderName = account.provider;
          return (
            <PlatformPreview
              key={id}
              provider={provider}
              username={account.username}
              displayName={account.displayName}
              content={effectiveOf(composition, id, provider)}
              target={targetOf(composition, id)}
              problems={[]}
              notes={[]}
            />
          );
        })}
      </div>
      {group.responses.length ? (
        <ul className="mt-4 space-y-2 text-sm" aria-label="Answers sent">
          {group.responses.map((r, i) => (
            <li key={i} className="rounded-md bg-slate-50 p-2" data-testid="review-response">
              <strong className="font-medium">{r.authorName}</strong> {kindWords[r.kind] ?? r.kind} · {formatDateTime(r.createdAt, "UTC")} UTC
              {r.body ? <p className="mt-1 whitespace-pre-wrap break-words">{r.body}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ReviewResponseForm token={token} postGroupId={group.postGroupId} />
    </section>
  );
}
