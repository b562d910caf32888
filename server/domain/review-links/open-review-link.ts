// The public side of a client review link: no sign-in, the token in the URL is the credential.
// Opening it answers what the page shows: each post group's composition as the composer saved it
// (the page renders the composer's platform previews from it), its time and state, and what
// clients already answered through this link; or why the link no longer opens.
import { db, type ReviewLink } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import { systemScope } from "../../scope.ts";
import type { ProviderName } from "../accounts/providers.ts";
import { hashLinkToken, isWellFormedLinkToken } from "../link-token.ts";
import { presentMedia } from "../media/present-media.ts";
import type { StoredTarget } from "../post-groups/create-post-group.ts";
import { getPostGroup } from "../post-groups/get-post-group.ts";
import type { PostGroupBody } from "../post-groups/post-groups.schema.ts";
import { reviewLinkStatus } from "./manage-review-links.ts";

export type ReviewLinkRefusal = "expired" | "revoked" | "unknown";

/** The plain words a link that no longer opens answers with: 410 when it was ours, 404 when it never was. */
export const reviewRefusalText: Record<ReviewLinkRefusal, { status: 404 | 410; title: string; detail: string }> = {
  expired: { status: 410, title: "This review link has expired", detail: "Ask the person who sent it for a new one." },
  revoked: {
    status: 410,
    title: "This review link was withdrawn",
    detail: "Whoever sent it revoked it. Ask them for a new one if you still need to review these posts.",
  },
  unknown: { status: 404, title: "This review link is not valid", detail: "Check that it was copied whole, or ask the person who sent it for a new one." },
};

export function reviewLinkRefused(reason: ReviewLinkRefusal): AppError {
  const { title, detail } = reviewRefusalText[reason];
  return reason === "unknown" ? notFound("Review link") : new AppError("LINK_GONE", `${title}. ${detail}`, { reviewLink: reason });
}

/** The active link of a token, or why there is none. */
export async function findReviewLink(token: string): Promise<{ link: ReviewLink } | { refusal: ReviewLinkRefusal }> {
  if (!isWellFormedLinkToken(token)) return { refusal: "unknown" };
  const link = await db.reviewLink.findUnique({ where: { tokenHash: hashLinkToken(token) } });
  if (!link) return { refusal: "unknown" };
  const status = reviewLinkStatus(link);
  return status === "active" ? { link } : { refusal: status };
}

export type ReviewAccount = { accountId: string; provider: ProviderName; username: string; displayName: string };
export type ReviewMedia = {
  mediaId: string;
  mediaType: "IMAGE" | "VIDEO";
  fileName: string;
  url: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
};
export type ReviewGroup = {
  postGroupId: string;
  /** the group's state as GET /api/v1/post-groups/{id} says it (pending_approval, scheduled, published…) */
  status: string;
  scheduledAt: string | null;
  timezone: string | null;
  composition: Pick<PostGroupBody, "content" | "targets">;
  accounts: ReviewAccount[];
  media: ReviewMedia[];
  responses: { authorName: string; kind: string; body: string; createdAt: string }[];
};
export type OpenedReviewLink =
  | { state: "active"; reviewLinkId: string; workspaceName: string; clientApprovalAllowed: boolean; expiresAt: string; groups: ReviewGroup[] }
  | { state: ReviewLinkRefusal };

export async function openReviewLink(token: string): Promise<OpenedReviewLink> {
  const found = await findReviewLink(token);
  if ("refusal" in found) return { state: found.refusal };
  const { link } = found;
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: link.workspaceId }, select: { name: true, clientApprovalAllowed: true } });
  const scope = await systemScope(link.workspaceId);
  const rows = await db.postGroup.findMany({ where: { id: { in: link.postGroupIds }, workspaceId: link.workspaceId } });
  const responses = await db.comment.findMany({ where: { reviewLinkId: link.id }, orderBy: { createdAt: "asc" } });
  const groups: ReviewGroup[] = [];
  for (const id of link.postGroupIds) {
    const group = rows.find((g) => g.id === id);
    if (!group) continue; // deleted since the link was made
    // a group waiting for approval keeps its whole request; an older one its shared content and accounts
    const request = group.pendingRequest as PostGroupBody | null;
    const composition: Pick<PostGroupBody, "content" | "targets"> = request ?? {
      content: group.content as PostGroupBody["content"],
      targets: (group.targets as StoredTarget[]).map((t) => ({ accountId: t.accountId })),
    };
    const mediaIds = [...(composition.content.media ?? []), ...composition.targets.flatMap((t) => t.content?.media ?? [])].map((m) => m.mediaId);
    const [accounts, media, view] = await Promise.all([
      db.connectedAccount.findMany({
        where: { id: { in: composition.targets.map((t) => t.accountId) }, workspaceId: link.workspaceId },
        select: { id: true, provider: true, username: true, displayName: true },
      }),
      db.mediaItem.findMany({ where: { id: { in: mediaIds }, workspaceId: link.workspaceId } }),
      getPostGroup(scope, id),
    ]);
    groups.push({
      postGroupId: id,
      status: view.status,
      scheduledAt: request?.scheduledAt ?? view.scheduledAt,
      timezone: group.timezone,
      composition: { content: composition.content, targets: composition.targets },
      accounts: accounts.map((a) => ({ accountId: a.id, provider: a.provider, username: a.username, displayName: a.displayName })),
      media: await Promise.all(media.map(async (m) => reviewMedia(await presentMedia(m)))),
      responses: responses
        .filter((c) => c.postGroupId === id)
        .map((c) => ({ authorName: c.authorName, kind: c.kind, body: c.body, createdAt: c.createdAt.toISOString() })),
    });
  }
  return {
    state: "active",
    reviewLinkId: link.id,
    workspaceName: workspace.name,
    clientApprovalAllowed: workspace.clientApprovalAllowed,
    expiresAt: link.expiresAt.toISOString(),
    groups,
  };
}

function reviewMedia(m: Awaited<ReturnType<typeof presentMedia>>): ReviewMedia {
  return {
    mediaId: m.mediaId,
    mediaType: m.mediaType,
    fileName: m.fileName,
    url: m.url,
    ...(m.width !== undefined ? { width: m.width } : {}),
    ...(m.height !== undefined ? { height: m.height } : {}),
    ...(m.durationSeconds !== undefined ? { durationSeconds: m.durationSeconds } : {}),
  };
}
