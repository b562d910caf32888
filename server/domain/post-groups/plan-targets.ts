// Every target of a post group checked before any is accepted, each by its own publishing mode:
// the group's content (with the target's overrides) becomes that mode's request (caption,
// message, description or posts; items or mediaId), which the mode normalizes and validates
// exactly as for POST /api/v1/posts. Each issue is reported at the target's path
// (`targets[2].youtube.title`, `targets[0].content.media`), and all of them together.
import crypto from "node:crypto";
import type { ConnectedAccount, MediaItem } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { mediaModeOf, textMode } from "../publishing/modes/index.ts";
import { checkMedia, type Found } from "../publishing/modes/media-checks.ts";
import { blueskyReplyProblem } from "../publishing/modes/text/bluesky-rules.ts";
import { validateTextMedia, type TextJobPayload } from "../publishing/modes/text/rules.ts";
import { checkMastodonComment, validateMastodonMedia, type MastodonLimits } from "../publishing/modes/text/mastodon.ts";
import { assertCapable } from "../publishing/validate-request.ts";
import { Issues } from "../publishing/validation-issues.ts";
import type { InstanceLimits } from "../../platforms/mastodon/mastodon-instance.ts";
import type { PostGroupBody, PostGroupTarget } from "./post-groups.schema.ts";
import { checkFirstComment, effectiveContent, mapModePath, mapTextPath, mediaTargetRequest, type EffectiveContent } from "./target-rules.ts";

/** A target as accepted: its account, the payload its job stores, and what is not sent as given. */
export type TargetPlan = { account: ConnectedAccount; payload: unknown; warnings: string[] };

type Issue = { path: string; message: string; code: string };

/** The per-platform objects of a target, by the provider that takes each. */
const platformObjects = { instagram: "instagram", youtube: "youtube", facebook: "facebook", tiktok: "tiktok" } as const;
type PlatformObject = keyof typeof platformObjects;

type Content = EffectiveContent;

/**
 * `documentIssues`: what carouselDocument said of each target's `linkedin.carouselId` (checked
 * before, since it reads the carousel), at the group's paths.
 */
export function planTargets(
  body: PostGroupBody,
  action: "publish" | "schedule",
  accounts: Map<string, ConnectedAccount>,
  media: MediaItem[],
  documentIssues: { path: string; message: string; code: string }[] = [],
  mastodonLimits: MastodonLimits = new Map(),
): TargetPlan[] {
  const issues = new Issues();
  for (const issue of documentIssues) issues.add(issue.path, issue.message, issue.code);
  const seen = new Set<string>();
  const plans: TargetPlan[] = [];
  body.targets.forEach((target, i) => {
    const at = (path: string) => `targets[${i}].${path}`;
    if (seen.has(target.accountId)) issues.add(at("accountId"), "is listed twice; each account takes one target", "duplicate");
    seen.add(target.accountId);
    const account = accounts.get(target.accountId);
    if (!account) return issues.add(at("accountId"), "no such account in this workspace", "not_found");
    const found: Issue[] = [];
    const plan = planTarget(target, account, effectiveContent(body.content, target.content), media, found, mastodonLimits);
    for (const issue of found) issues.add(at(issue.path), issue.message, issue.code);
    if (plan && found.length === 0) plans.push(plan);
  });
  issues.throwIfAny();
  // capabilities and installation switches, once the input is known good (403 and 503 as for POST /api/v1/posts)
  for (const plan of plans) {
    const unavailable = mediaModeOf(plan.account.provider)?.unavailable?.();
    if (unavailable) throw new AppError("SERVICE_UNAVAILABLE", unavailable);
  }
  assertCapable(
    plans.map((p) => p.account),
    action,
  );
  return plans;
}

function planTarget(
  target: PostGroupTarget,
  account: ConnectedAccount,
  content: Content,
  media: MediaItem[],
  issues: Issue[],
  mastodonLimits: MastodonLimits,
): TargetPlan | null {
  const provider = account.provider;
  const own = mediaModeOf(provider)?.field === "video" ? "tiktok" : mediaModeOf(provider)?.field;
  for (const field of Object.keys(platformObjects) as PlatformObject[]) {
    if (target[field] !== undefined && field !== own) issues.push({ path: field, message: `not allowed for a ${provider} account`, code: "invalid" });
  }
  if (own && target[own as PlatformObject] === undefined) issues.push({ path: own, message: `required for a ${provider} account`, code: "required" });
  if (target.linkedin && provider !== "linkedin") issues.push({ path: "linkedin", message: `not allowed for a ${provider} account`, code: "invalid" });
  // a content warning, visibility… are Mastodon's: refused elsewhere rather than silently dropped
  if (target.mastodon && provider !== "mastodon")
    issues.push({ path: "mastodon", message: `not allowed for a ${provider} account (Mastodon's options)`, code: "invalid" });
  if (target.bluesky && provider !== "bluesky") issues.push({ path: "bluesky", message: `not allowed for a ${provider} account`, code: "invalid" });
  if (provider === "bluesky" && content.firstComment) {
    const problem = blueskyReplyProblem(content.firstComment);
    if (problem) issues.push({ path: "content.firstComment", message: `${problem} (a Bluesky reply)`, code: "too_long" });
  }
  if (target.linkedin && content.media.length > 0)
    issues.push({
      path: "content.media",
      message: "a LinkedIn document post takes no other media; set this target's content.media to []",
      code: "mixed_media",
    });
  checkFirstComment(provider, target, content, issues);
  if (issues.length > 0) return null;
  if (provider === "mastodon") checkMastodonComment(mastodonLimits.get(account.id), content.firstComment, issues);
  if (issues.length > 0) return null;
  if (own) return planMediaTarget(target, account, content, media, issues);
  const mastodon = provider === "mastodon" ? { limits: mastodonLimits.get(account.id), options: target.mastodon } : undefined;
  return planTextTarget(account, content, media, issues, target.linkedin?.carouselId, mastodon, target.bluesky?.langs);
}

/** threads, x, linkedin: the text mode's rules (the X link rule, each platform's limit) and the post's media. */
function planTextTarget(
  account: ConnectedAccount,
  content: Content,
  media: MediaItem[],
  issues: Issue[],
  carouselId?: string,
  mastodon?: { limits: InstanceLimits | null | undefined; options: PostGroupTarget["mastodon"] },
  langs?: string[],
): TargetPlan | null {
  const posts = [content.text, ...content.thread];
  const extras = mastodon ? { mastodonLimits: new Map([[account.id, mastodon.limits ?? null]]), mastodon: mastodon.options } : {};
  const plan = collect(issues, mapTextPath, () => textMode.plan([account], { accountIds: [account.id], posts }, new Issues(), extras));
  const found = collect(
    issues,
    (p) => p,
    () =>
      checkMedia(
        media,
        content.media.map((m, k) => ({ path: `content.media[${k}].mediaId`, id: m.mediaId })),
        new Issues(),
      ),
  );
  if (found) {
    const scratch = new Issues();
    const items = content.media.map((m, k) => ({ item: found.get(m.mediaId)!.item, altText: m.altText, path: `content.media[${k}]` }));
    collect(
      issues,
      (p) => p,
      () => {
        if (mastodon) validateMastodonMedia(mastodon.limits, items, "content.media", scratch);
        else validateTextMedia(account.provider as "x" | "threads" | "linkedin" | "bluesky", items, "content.media", scratch);
        scratch.throwIfAny();
      },
    );
  }
  if (!plan || !found || issues.length > 0) return null;
  const payload: TextJobPayload = {
    posts: plan.targets[0]!.posts,
    ...(content.media.length
      ? { media: posts.map((_, k) => (k === 0 ? content.media.map((m) => ({ mediaId: m.mediaId, altText: m.altText ?? null })) : [])) }
      : {}),
    ...(carouselId ? { document: { carouselId } } : {}),
    ...(content.firstComment !== undefined ? { firstComment: content.firstComment } : {}),
    ...(mastodon?.options ? { mastodon: mastodon.options } : {}),
    ...(langs?.length ? { langs } : {}),
  };
  return { account, payload, warnings: [] };
}

/** tiktok, instagram, youtube, facebook: the mode's request built from the content, then the mode's own checks. */
function planMediaTarget(target: PostGroupTarget, account: ConnectedAccount, content: Content, media: MediaItem[], issues: Issue[]): TargetPlan | null {
  const mode = mediaModeOf(account.provider)!;
  const requestId = crypto.randomUUID(); // the modes' shape needs one; the group's requestId is the idempotency key
  const { request, warnings } = mediaTargetRequest(target, account.provider, content, requestId, issues);
  if (issues.length > 0) return null;
  const field = mode.field;
  const found = collect(
    issues,
    (p) => mapModePath(field, p),
    () => checkMedia(media, mode.mediaRefs(request), new Issues()),
  );
  if (!found) return null;
  collect(
    issues,
    (p) => mapModePath(field, p),
    () => {
      const scratch = new Issues();
      mode.validate(request, found as Found, scratch);
      scratch.throwIfAny();
    },
  );
  if (issues.length > 0) return null;
  const plan = mode.normalize(account, request)!;
  const withComment = content.firstComment !== undefined ? { firstComment: content.firstComment } : {};
  return { account, payload: { ...plan.payload, ...withComment }, warnings };
}

/** Runs a mode's check, turning its 422/404 answer into issues at paths of the group's request. */
function collect<T>(issues: Issue[], mapPath: (path: string) => string, check: () => T): T | undefined {
  try {
    return check();
  } catch (err) {
    if (!(err instanceof AppError) || (err.code !== "VALIDATION_ERROR" && err.code !== "NOT_FOUND")) throw err;
    const found = ((err.details as { issues?: Issue[] } | undefined)?.issues ?? []) as Issue[];
    for (const issue of found) issues.push({ path: mapPath(issue.path), message: issue.message, code: issue.code });
    return undefined;
  }
}
