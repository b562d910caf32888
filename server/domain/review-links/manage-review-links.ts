// Client review links of a workspace: create (the URL, with its token, answered once), list,
// revoke. A client opens the link without signing in, sees the previews of its post groups and
// approves or asks for changes (respond-review-link.ts). Creating one asks a client to decide,
// so it takes what deciding takes: content.approve (a key: posts:approve).
import { db, type ReviewLink } from "../../db.ts";
import { fieldError, notFound } from "../../errors.ts";
import { actorOf } from "../audit/record-audit.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { newLinkToken } from "../link-token.ts";
import { createReviewLinkBody, DEFAULT_REVIEW_LINK_DAYS, MAX_REVIEW_LINK_DAYS, type CreateReviewLinkBody, type ReviewLinkView } from "./review-links.schema.ts";

const DAY_MS = 86_400_000;

export function reviewLinkStatus(link: Pick<ReviewLink, "revokedAt" | "expiresAt">, now = new Date()): ReviewLinkView["status"] {
  if (link.revokedAt) return "revoked";
  return link.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

function presentReviewLink(link: ReviewLink, responses: number): ReviewLinkView {
  return {
    reviewLinkId: link.id,
    postGroupIds: link.postGroupIds,
    expiresAt: link.expiresAt.toISOString(),
    status: reviewLinkStatus(link),
    createdBy: link.createdBy,
    responses,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
  };
}

/** Each link's decisions by clients: the comments written through it. */
async function presentAll(links: ReviewLink[]): Promise<ReviewLinkView[]> {
  const counts = links.length
    ? await db.comment.groupBy({ by: ["reviewLinkId"], where: { reviewLinkId: { in: links.map((l) => l.id) } }, _count: { _all: true } })
    : [];
  return links.map((l) => presentReviewLink(l, counts.find((c) => c.reviewLinkId === l.id)?._count._all ?? 0));
}

export async function createReviewLink(scope: Scope, raw: CreateReviewLinkBody) {
  assertCan(scope, "content.approve");
  const body = createReviewLinkBody.parse(raw);
  const ids = [...new Set(body.postGroupIds)];
  const found = await db.postGroup.findMany({ where: { id: { in: ids }, workspaceId: scope.workspaceId }, select: { id: true } });
  const missing = ids.filter((id) => !found.some((g) => g.id === id));
  if (missing.length > 0) throw fieldError("postGroupIds", `no post group ${missing.join(", ")} in this workspace`, "not_found");
  const now = Date.now();
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : new Date(now + DEFAULT_REVIEW_LINK_DAYS * DAY_MS);
  if (expiresAt.getTime() <= now) throw fieldError("expiresAt", "must be in the future", "in_past");
  if (expiresAt.getTime() > now + MAX_REVIEW_LINK_DAYS * DAY_MS) throw fieldError("expiresAt", `must be at most ${MAX_REVIEW_LINK_DAYS} days ahead`, "too_far");
  const { tokenHash, url } = newLinkToken("review");
  const link = await db.reviewLink.create({
    data: { workspaceId: scope.workspaceId, tokenHash, postGroupIds: ids, createdBy: (await actorOf(scope)).label, expiresAt },
  });
  return { ...presentReviewLink(link, 0), url };
}

export async function listReviewLinks(scope: Scope): Promise<{ reviewLinks: ReviewLinkView[] }> {
  const links = await db.reviewLink.findMany({ where: { workspaceId: scope.workspaceId }, orderBy: { createdAt: "desc" }, take: 200 });
  return { reviewLinks: await presentAll(links) };
}

export async function revokeReviewLink(scope: Scope, id: string): Promise<ReviewLinkView> {
  assertCan(scope, "content.approve");
  if (!isUuid(id)) throw notFound("Review link");
  await db.reviewLink.updateMany({ where: { id, workspaceId: scope.workspaceId, revokedAt: null }, data: { revokedAt: new Date() } });
  const link = await db.reviewLink.findFirst({ where: { id, workspaceId: scope.workspaceId } });
  if (!link) throw notFound("Review link");
  return (await presentAll([link]))[0]!;
}
