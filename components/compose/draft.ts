// The composer's draft and how it becomes a POST /api/v1/posts body. The publishing mode
// follows the chosen accounts, as on the API: text accounts together, or one media account.
import type { ProviderName } from "@/server/domain/accounts/providers";
import type { PublishBody } from "@/server/domain/publishing/publishing.schema";

export type MediaMode = "tiktok" | "instagram" | "youtube" | "facebook";
export type Mode = "text" | MediaMode;

export type PickedMedia = { mediaId: string; mediaType: "VIDEO" | "IMAGE"; fileName: string; url: string; altText?: string };

export type Draft = {
  accountIds: string[];
  /** text modes: the post or thread; tiktok: posts[0] is the caption */
  posts: string[];
  media: PickedMedia[];
  tiktok: { disableComment: boolean; disableDuet: boolean; disableStitch: boolean; brandOrganicToggle: boolean; brandContentToggle: boolean };
  instagram: { contentType: "FEED" | "REELS" | "STORIES"; caption: string; shareToFeed: boolean };
  youtube: { title: string; description: string; privacyStatus: "public" | "unlisted" | "private"; madeForKids: boolean };
  facebook: { contentType: "FEED" | "REELS" | "STORY"; message: string };
};

export const emptyDraft: Draft = {
  accountIds: [],
  posts: [""],
  media: [],
  tiktok: { disableComment: false, disableDuet: false, disableStitch: false, brandOrganicToggle: false, brandContentToggle: false },
  instagram: { contentType: "FEED", caption: "", shareToFeed: true },
  youtube: { title: "", description: "", privacyStatus: "public", madeForKids: false },
  facebook: { contentType: "FEED", message: "" },
};

const mediaModes = new Set<ProviderName>(["tiktok", "instagram", "youtube", "facebook"]);

export function isMediaProvider(provider: ProviderName): provider is MediaMode {
  return mediaModes.has(provider);
}

export function modeOf(providers: ProviderName[]): Mode {
  const media = providers.find(isMediaProvider);
  return media ?? "text";
}

/**
 * Picking an account: text accounts combine; a media account publishes alone, so picking one
 * replaces the selection, and picking a text account drops a media one.
 */
export function toggleAccount(selected: string[], accountId: string, providerOf: (id: string) => ProviderName | undefined): string[] {
  if (selected.includes(accountId)) return selected.filter((id) => id !== accountId);
  const provider = providerOf(accountId);
  if (!provider) return selected;
  if (isMediaProvider(provider)) return [accountId];
  return [...selected.filter((id) => !isMediaProvider(providerOf(id) ?? "x")), accountId];
}

/** How many media items, and of which types, each mode takes. */
export function mediaRule(draft: Draft, mode: Mode): { types: ("VIDEO" | "IMAGE")[]; max: number } {
  switch (mode) {
    case "tiktok":
    case "youtube":
      return { types: ["VIDEO"], max: 1 };
    case "instagram":
      if (draft.instagram.contentType === "REELS") return { types: ["VIDEO"], max: 1 };
      if (draft.instagram.contentType === "STORIES") return { types: ["IMAGE", "VIDEO"], max: 1 };
      return { types: ["IMAGE", "VIDEO"], max: 10 };
    case "facebook":
      if (draft.facebook.contentType === "FEED") return { types: ["IMAGE", "VIDEO"], max: 10 };
      return { types: ["IMAGE", "VIDEO"], max: 1 };
    default:
      return { types: [], max: 0 };
  }
}

/** The request body, exactly as the API takes it; the server validates every rule again. */
export function toRequest(draft: Draft, mode: Mode, requestId: string): PublishBody {
  const accountIds = draft.accountIds;
  const ids = draft.media.map((m) => m.mediaId);
  switch (mode) {
    case "text":
      return { accountIds, posts: draft.posts };
    case "tiktok":
      return { accountIds, posts: [draft.posts[0] ?? ""], video: { mediaId: ids[0] ?? "", requestId, privacyLevel: "PUBLIC_TO_EVERYONE", ...draft.tiktok } };
    case "instagram": {
      const { contentType, caption, shareToFeed } = draft.instagram;
      return {
        accountIds,
        instagram: {
          requestId,
          contentType,
          ...(contentType !== "STORIES" && caption ? { caption } : {}),
          items: draft.media.map((m) => ({ mediaId: m.mediaId, ...(m.mediaType === "IMAGE" && m.altText ? { altText: m.altText } : {}) })),
          ...(contentType === "REELS" ? { shareToFeed } : {}),
        },
      };
    }
    case "youtube": {
      const { title, description, privacyStatus, madeForKids } = draft.youtube;
      return { accountIds, youtube: { requestId, mediaId: ids[0] ?? "", title, ...(description ? { description } : {}), privacyStatus, madeForKids } };
    }
    case "facebook": {
      const { contentType, message } = draft.facebook;
      return {
        accountIds,
        facebook: {
          requestId,
          contentType,
          ...(contentType !== "STORY" && message.trim() ? { message } : {}),
          ...(ids.length ? { items: ids.map((mediaId) => ({ mediaId })) } : {}),
        },
      };
    }
  }
}
