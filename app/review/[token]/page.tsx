import type { Metadata } from "next";
import { LinkRefusal } from "@/components/connect-links/link-refusal";
import { ReviewGroupCard } from "@/components/review-links/review-group-card";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/components/format/date-time";
import { openReviewLink, reviewRefusalText } from "@/server/domain/review-links/open-review-link";

export const metadata: Metadata = { title: "Review posts" };

/** What a client sees on opening a review link: each post group's previews, and a way to approve it or ask for changes. */
export default async function ReviewLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await openReviewLink(token);
  if (link.state !== "active") return <LinkRefusal {...reviewRefusalText[link.state]} />;
  const count = link.groups.length;
  return (
    <div className="space-y-6">
      <Card>
        <h1 className="text-lg font-semibold">
          {count === 1 ? "A post" : `${count} posts`} to review for {link.workspaceName}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          This is how {count === 1 ? "it" : "each"} will look on every network. Give your name, then approve {count === 1 ? "it" : "each one"} or say what
          should change. {link.clientApprovalAllowed ? "Your approval schedules the post." : "The team reads your answer before anything is published."} You
          need no Posteady account. This link works until {formatDate(link.expiresAt, "UTC")}.
        </p>
      </Card>
      {count === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">The posts of this link were deleted since it was sent.</p>
        </Card>
      ) : null}
      {link.groups.map((group, i) => (
        <ReviewGroupCard key={group.postGroupId} token={token} group={group} position={count > 1 ? `Post ${i + 1} of ${count}` : "Post"} />
      ))}
    </div>
  );
}
