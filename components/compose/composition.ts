// The composer's state and how it becomes the body of POST /api/v1/post-groups (the tRPC
// procedure posts.publishGroup): one shared content, the chosen accounts, and per account its
// overrides and its platform's options. Pure, so drafts and tests use it too.
import type { z } from "zod";
import { noFirstCommentProviders, threadProviders, type ProviderName } from "@/server/domain/accounts/providers";
import type { mediaItemSchema } from "@/server/domain/media/media.schema";
import type { PostGroupBody, PostGroupTarget } from "@/server/domain/post-groups/post-groups.schema";

export type PickedMedia = {
  mediaId: string;
  mediaType: "VIDEO" | "IMAGE";
  fileName: string;
  url: string;
  altText?: string;
  mimeType?: string;
  fileSize?: number;
  durationSeconds?: number;
  width?: number;
  height?: number;
};

/** A library item as the composer keeps it once picked (what the checks before sending read). */
export function pickedFromLibrary(m: z.infer<typeof mediaItemSchema>): PickedMedia {
  return {
    mediaId: m.mediaId,
    mediaType: m.mediaType,
    fileName: m.fileName,
    url: m.url,
    mimeType: m.mimeType,
    fileSize: m.fileSize,
    ...(m.durationSeconds !== undefined ? { durationSeconds: m.durationSeconds } : {}),
    ...(m.width !== undefined ? { width: m.width } : {}),
    ...(m.height !== undefined ? { height: m.height } : {}),
  };
}

export type SharedContent = { text: string; thread: string[]; media: PickedMedia[]; firstComment: string };

/** A field present replaces the shared one for this account; firstComment null sends none. */
export type Overrides = { text?: string; thread?: string[]; media?: PickedMedia[]; firstComment?: string | null };

export type TiktokOptions = { disableComment: boolean; disableDuet: boolean; disableStitch: boolean; brandOrganicToggle: boolean; brandContentToggle: boolean };
export type InstagramOptions = { contentType: "FEED" | "REELS" | "STORIES"; shareToFeed: boolean };
export type YoutubeOptions = { title: string; privacyStatus: "public" | "unlisted" | "private"; madeForKids: boolean };
export type FacebookOptions = { contentType: "FEED" | "REELS" | "STORY" };
/** Bluesky: the languages as typed ("en, pt-BR"); sent as a list of tags when not empty. */
export type BlueskyOptions = { langs: string };
export type MastodonVisibility = "public" | "unlisted" | "private";
export type MastodonOptions = { visibility: MastodonVisibility; spoilerText: string; sensitive: boolean; language: string };

export type TargetState = {
  overrides: Overrides;
  tiktok: TiktokOptions;
  instagram: InstagramOptions;
  youtube: YoutubeOptions;
  facebook: FacebookOptions;
  bluesky: BlueskyOptions;
  mastodon: MastodonOptions;
  /** LinkedIn: post this carousel as a document instead of media */
  linkedinCarouselId?: string;
};

export type Composition = { accountIds: string[]; content: SharedContent; targets: Record<string, TargetState> };

export const emptyContent: SharedContent = { text: "", thread: [], media: [], firstComment: "" };

export const newTarget = (): TargetState => ({
  overrides: {},
  tiktok: { disableComment: false, disableDuet: false, disableStitch: false, brandOrganicToggle: false, brandContentToggle: false },
  instagram: { contentType: "FEED", shareToFeed: true },
  youtube: { title: "", privacyStatus: "public", madeForKids: false },
  facebook: { contentType: "FEED" },
  bluesky: { langs: "" },
  mastodon: { visibility: "public", spoilerText: "", sensitive: false, language: "" },
});

/** "en, pt-BR" → ["en", "pt-BR"]: comma- or space-separated tags, blanks dropped (the schema checks each tag). */
export function parseLangs(typed: string): string[] {
  return typed
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** A Mastodon target's options as the group's body takes them: only what differs from Mastodon's defaults. */
export function mastodonOptions(o: MastodonOptions): NonNullable<PostGroupTarget["mastodon"]> | undefined {
  const out: NonNullable<PostGroupTarget["mastodon"]> = {
    ...(o.visibility !== "public" ? { visibility: o.visibility } : {}),
    ...(o.spoilerText.trim() ? { spoilerText: o.spoilerText } : {}),
    ...(o.sensitive ? { sensitive: true } : {}),
    ...(o.language.trim() ? { language: o.language.trim() } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

export const emptyComposition: Composition = { accountIds: [], content: emptyContent, targets: {} };

/** Platforms whose posts can be threads of replies (the provider table's). */
export { threadProviders };

export function toggleAccount(c: Composition, accountId: string): Composition {
  if (c.accountIds.includes(accountId)) return { ...c, accountIds: c.accountIds.filter((id) => id !== accountId) };
  return { ...c, accountIds: [...c.accountIds, accountId], targets: { ...c.targets, [accountId]: c.targets[accountId] ?? newTarget() } };
}

export function targetOf(c: Composition, accountId: string): TargetState {
  return c.targets[accountId] ?? newTarget();
}

/** Whether this account can take a first comment with its current options. */
export function takesFirstComment(provider: ProviderName, t: TargetState): boolean {
  if (noFirstCommentProviders.includes(provider)) return false;
  if (provider === "instagram" && t.instagram.contentType === "STORIES") return false;
  if (provider === "facebook" && t.facebook.contentType === "STORY") return false;
  return true;
}

const mediaRefs = (media: PickedMedia[]) =>
  media.map((m) => ({ mediaId: m.mediaId, ...(m.mediaType === "IMAGE" && m.altText?.trim() ? { altText: m.altText } : {}) }));

/** What this account publishes, in the composer's terms (the server's effectiveContent, plus the rules below). */
export function effectiveOf(c: Composition, accountId: string, provider: ProviderName): SharedContent & { firstCommentSent: boolean } {
  const t = targetOf(c, accountId);
  const o = t.overrides;
  const thread = threadProviders.includes(provider) ? (o.thread ?? c.content.thread) : [];
  const media = provider === "linkedin" && t.linkedinCarouselId ? [] : (o.media ?? c.content.media);
  const comment = o.firstComment === null ? "" : (o.firstComment ?? c.content.firstComment);
  const firstCommentSent = takesFirstComment(provider, t) && comment.trim() !== "";
  return { text: o.text ?? c.content.text, thread, media, firstComment: firstCommentSent ? comment : "", firstCommentSent };
}

/**
 * The group's body without its requestId. Each target sends only what differs from the shared
 * content, plus what its platform needs said: no replies on LinkedIn (it takes one post) and
 * none of the thread's first comment where a platform takes no comment, so one shared
 * composition never fails on a rule of a platform it was not meant for.
 */
export function toGroupBody(c: Composition, providerOf: (id: string) => ProviderName | undefined): Omit<PostGroupBody, "requestId"> {
  const shared = c.content;
  const sharedComment = shared.firstComment.trim() ? shared.firstComment : undefined;
  const content: PostGroupBody["content"] = {
    text: shared.text,
    ...(shared.thread.length ? { thread: shared.thread } : {}),
    ...(shared.media.length ? { media: mediaRefs(shared.media) } : {}),
    ...(sharedComment !== undefined ? { firstComment: sharedComment } : {}),
  };
  const targets = c.accountIds.flatMap((accountId): PostGroupTarget[] => {
    const provider = providerOf(accountId);
    if (!provider) return [];
    const t = targetOf(c, accountId);
    const o = t.overrides;
    const own: NonNullable<PostGroupTarget["content"]> = {};
    if (o.text !== undefined) own.text = o.text;
    if (threadProviders.includes(provider) ? o.thread !== undefined : shared.thread.length > 0 && provider === "linkedin") own.thread = o.thread ?? [];
    if (provider === "linkedin" && t.linkedinCarouselId) {
      if (shared.media.length || o.media) own.media = [];
    } else if (o.media !== undefined) own.media = mediaRefs(o.media);
    if (!takesFirstComment(provider, t)) {
      if (sharedComment !== undefined || o.firstComment) own.firstComment = null;
    } else if (o.firstComment === null) {
      if (sharedComment !== undefined) own.firstComment = null;
    } else if (o.firstComment !== undefined) own.firstComment = o.firstComment.trim() ? o.firstComment : null;
    const target: PostGroupTarget = { accountId, ...(Object.keys(own).length ? { content: own } : {}) };
    if (provider === "instagram")
      target.instagram = { contentType: t.instagram.contentType, ...(t.instagram.contentType === "REELS" ? { shareToFeed: t.instagram.shareToFeed } : {}) };
    if (provider === "youtube") target.youtube = { title: t.youtube.title, privacyStatus: t.youtube.privacyStatus, madeForKids: t.youtube.madeForKids };
    if (provider === "facebook") target.facebook = { contentType: t.facebook.contentType };
    if (provider === "tiktok") target.tiktok = { privacyLevel: "PUBLIC_TO_EVERYONE", ...t.tiktok };
    if (provider === "linkedin" && t.linkedinCarouselId) target.linkedin = { carouselId: t.linkedinCarouselId };
    // Bluesky's and Mastodon's options go to their own accounts only (the server refuses them elsewhere)
    if (provider === "bluesky" && parseLangs(t.bluesky.langs).length) target.bluesky = { langs: parseLangs(t.bluesky.langs) };
    const mastodon = provider === "mastodon" ? mastodonOptions(t.mastodon) : undefined;
    if (mastodon) target.mastodon = mastodon;
    return [target];
  });
  return { content, targets };
}

/**
 * A saved composition (a draft: the group's body without requestId) back into the composer.
 * `media` resolves a mediaId to what the library says of it (a missing one keeps its id).
 */
export function fromGroupBody(
  body: Pick<PostGroupBody, "content" | "targets">,
  providerOf: (id: string) => ProviderName | undefined,
  media: (mediaId: string) => PickedMedia | undefined,
): Composition {
  const picked = (refs: { mediaId: string; altText?: string }[] | undefined) =>
    (refs ?? []).map((r) => ({
      ...(media(r.mediaId) ?? { mediaId: r.mediaId, mediaType: "IMAGE" as const, fileName: r.mediaId.slice(0, 8), url: "" }),
      ...(r.altText !== undefined ? { altText: r.altText } : {}),
    }));
  const content: SharedContent = {
    text: body.content.text,
    thread: body.content.thread ?? [],
    media: picked(body.content.media),
    firstComment: body.content.firstComment ?? "",
  };
  const targets: Record<string, TargetState> = {};
  for (const t of body.targets) {
    const provider = providerOf(t.accountId);
    const state = newTarget();
    const own = t.content;
    if (own?.text !== undefined) state.overrides.text = own.text;
    if (own?.thread !== undefined && provider && threadProviders.includes(provider)) state.overrides.thread = own.thread;
    if (own?.media !== undefined && !t.linkedin) state.overrides.media = picked(own.media);
    if (own?.firstComment !== undefined && provider && takesFirstComment(provider, state)) state.overrides.firstComment = own.firstComment;
    if (t.instagram) state.instagram = { contentType: t.instagram.contentType, shareToFeed: t.instagram.shareToFeed ?? true };
    if (t.youtube) state.youtube = { title: t.youtube.title, privacyStatus: t.youtube.privacyStatus ?? "public", madeForKids: t.youtube.madeForKids ?? false };
    if (t.facebook) state.facebook = { contentType: t.facebook.contentType };
    if (t.tiktok) {
      const { privacyLevel: _privacy, ...rest } = t.tiktok;
      state.tiktok = { ...state.tiktok, ...rest };
    }
    if (t.linkedin) state.linkedinCarouselId = t.linkedin.carouselId;
    if (t.bluesky?.langs) state.bluesky = { langs: t.bluesky.langs.join(", ") };
    if (t.mastodon)
      state.mastodon = {
        visibility: t.mastodon.visibility ?? "public",
        spoilerText: t.mastodon.spoilerText ?? "",
        sensitive: t.mastodon.sensitive ?? false,
        language: t.mastodon.language ?? "",
      };
    targets[t.accountId] = state;
  }
  return { accountIds: body.targets.map((t) => t.accountId), content, targets };
}
