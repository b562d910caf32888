// The YouTube sandbox's resources in the Data API v3 shapes: Google's error body, video metadata
// validation (the limits videos.insert enforces), and the channel, video and playlistItem
// representations with the parts a request asks for.
import crypto from "node:crypto";
import type { PlatformObject, Profile, SandboxPost, SandboxState } from "../state.ts";
import { isoDuration, type VideoFacts } from "./youtube-media.ts";
import { jsonAnswer } from "../kit.ts";

const grpcStatus: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

const reasonDomains: Record<string, string> = {
  invalidTitle: "youtube.video",
  invalidDescription: "youtube.video",
  invalidTags: "youtube.video",
  invalidCategoryId: "youtube.video",
  invalidVideoMetadata: "youtube.video",
  uploadLimitExceeded: "youtube.video",
  mediaBodyRequired: "youtube.video",
  youtubeSignupRequired: "youtube.header",
  quotaExceeded: "youtube.quota",
  rateLimitExceeded: "usageLimits",
  playlistNotFound: "youtube.playlistItem",
  unknownPart: "youtube.part",
};

/** Google's JSON error: {error:{code, message, errors:[{message, domain, reason}], status}}. */
export function googleError(status: number, reason: string, message: string, headers: Record<string, string> = {}): Response {
  const body = {
    error: { code: status, message, errors: [{ message, domain: reasonDomains[reason] ?? "global", reason }], status: grpcStatus[status] ?? "UNKNOWN" },
  };
  return jsonAnswer(body, { status, headers });
}

export const contentMessages: Record<string, string> = {
  invalidTitle: "The request metadata specifies an invalid or empty video title.",
  invalidDescription: "The request metadata specifies an invalid video description.",
  invalidTags: "The request metadata specifies invalid video keywords.",
  invalidCategoryId: "The snippet.categoryId property specifies an invalid category ID. Use the videoCategories.list method to retrieve supported categories.",
};

export type VideoMeta = { title: string; description: string; tags: string[]; categoryId: string; privacyStatus: string; madeForKids: boolean };

// videoCategories.list for region US: the categories a video can be assigned to.
const assignableCategories = new Set(["1", "2", "10", "15", "17", "19", "20", "22", "23", "24", "25", "26", "27", "28", "29"]);
const privacyStatuses = new Set(["public", "unlisted", "private"]);

/** The {snippet, status} body of videos.insert, or Google's 400 for the first rule it breaks. */
export function readVideoMeta(raw: unknown): { meta: VideoMeta } | { refusal: Response } {
  const body = (typeof raw === "object" && raw ? raw : {}) as { snippet?: Record<string, unknown>; status?: Record<string, unknown> };
  const snippet = body.snippet ?? {};
  const status = body.status ?? {};
  const refuse = (reason: string) => ({ refusal: googleError(400, reason, contentMessages[reason] ?? "The request metadata is invalid.") });
  const title = snippet.title;
  if (typeof title !== "string" || [...title].length < 1 || [...title].length > 100 || /[<>]/.test(title)) return refuse("invalidTitle");
  const description = snippet.description ?? "";
  if (typeof description !== "string" || Buffer.byteLength(description) > 5000 || /[<>]/.test(description)) return refuse("invalidDescription");
  const tags = snippet.tags ?? [];
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== "string" || /[<>]/.test(t)) || tagsLength(tags as string[]) > 500) return refuse("invalidTags");
  const categoryId = snippet.categoryId ?? "22";
  if (typeof categoryId !== "string" || !assignableCategories.has(categoryId)) return refuse("invalidCategoryId");
  const privacyStatus = status.privacyStatus ?? "public";
  const madeForKids = status.selfDeclaredMadeForKids ?? false;
  if (typeof privacyStatus !== "string" || !privacyStatuses.has(privacyStatus) || typeof madeForKids !== "boolean") return refuse("invalidVideoMetadata");
  return { meta: { title, description, tags: tags as string[], categoryId, privacyStatus, madeForKids } };
}

/** YouTube counts a tag with spaces as if quoted, plus a comma between tags. */
function tagsLength(tags: string[]): number {
  return tags.reduce((sum, t) => sum + t.length + (t.includes(" ") ? 2 : 0), 0) + Math.max(0, tags.length - 1);
}

export function acceptsVideoType(type: string): boolean {
  return /^video\/[\w.+-]+$/i.test(type) || type.toLowerCase() === "application/octet-stream";
}

// ---- channels

const channelKey = (profileId: string) => crypto.createHash("sha256").update(`youtube-channel:${profileId}`).digest("base64url").slice(0, 22);
export const channelIdOf = (profileId: string) => `UC${channelKey(profileId)}`;
export const uploadsPlaylistOf = (profileId: string) => `UU${channelKey(profileId)}`;

export function etag(...values: unknown[]): string {
  return crypto.createHash("sha1").update(JSON.stringify(values)).digest("base64url").slice(0, 27);
}

export function channelResource(profile: Profile, parts: string[], videos: SandboxPost[]) {
  const id = channelIdOf(profile.id);
  return {
    kind: "youtube#channel",
    etag: etag(id, profile.displayName),
    id,
    ...(parts.includes("snippet")
      ? {
          snippet: {
            title: profile.displayName,
            description: "",
            customUrl: `@${profile.username.toLowerCase()}`,
            publishedAt: profile.createdAt,
            thumbnails: { default: { url: `https://yt3.ggpht.com/${id}=s88`, width: 88, height: 88 } },
            localized: { title: profile.displayName, description: "" },
          },
        }
      : {}),
    ...(parts.includes("contentDetails") ? { contentDetails: { relatedPlaylists: { likes: "", uploads: uploadsPlaylistOf(profile.id) } } } : {}),
    ...(parts.includes("statistics")
      ? {
          statistics: {
            viewCount: String(videos.reduce((sum, v) => sum + (v.metrics.views ?? 0), 0)),
            subscriberCount: "0",
            hiddenSubscriberCount: false,
            videoCount: String(videos.length),
          },
        }
      : {}),
    ...(parts.includes("status") ? { status: { privacyStatus: "public", isLinked: true, longUploadsStatus: "eligible", madeForKids: false } } : {}),
  };
}

// ---- videos

/** What the sandbox keeps about a video in its post's `extra`. */
export type VideoExtra = VideoMeta & { facts: VideoFacts | null };

/** Processing state of a video object: failure "failed:<failureReason>" or "rejected:<rejectionReason>". */
export function videoState(state: SandboxState, o: PlatformObject) {
  if (!state.objectReady(o)) return { uploadStatus: "uploaded", processingStatus: "processing" } as const;
  const [outcome, reason] = (o.failure ?? "").split(":");
  if (outcome === "failed")
    return { uploadStatus: "failed", failureReason: reason, processingStatus: "failed", processingFailureReason: "transcodeFailed" } as const;
  if (outcome === "rejected") return { uploadStatus: "rejected", rejectionReason: reason, processingStatus: "succeeded" } as const;
  return { uploadStatus: "processed", processingStatus: "succeeded" } as const;
}

export const videoParts = [
  "id",
  "snippet",
  "status",
  "contentDetails",
  "statistics",
  "fileDetails",
  "processingDetails",
  "player",
  "topicDetails",
  "recordingDetails",
  "localizations",
  "suggestions",
  "liveStreamingDetails",
];
/** Parts only the video's owner may read. */
export const ownerOnlyVideoParts = ["fileDetails", "processingDetails", "suggestions"];

/** A video resource; `fresh` is the insert answer, which always says "uploaded". */
export function videoResource(state: SandboxState, post: SandboxPost, parts: string[], fresh = false) {
  const e = post.extra as VideoExtra;
  const object = state.object(post.id)!;
  const s = fresh ? ({ uploadStatus: "uploaded", processingStatus: "processing" } as const) : videoState(state, object);
  const processed = s.uploadStatus === "processed";
  const channelId = channelIdOf(post.profileId);
  const channelTitle = state.profile(post.profileId)?.displayName ?? post.username;
  const out: Record<string, unknown> = { kind: "youtube#video", etag: etag(post.id, s.uploadStatus), id: post.id };
  if (parts.includes("snippet")) {
    out.snippet = {
      publishedAt: post.createdAt,
      channelId,
      title: e.title,
      description: e.description,
      thumbnails: { default: { url: `https://i.ytimg.com/vi/${post.id}/default.jpg`, width: 120, height: 90 } },
      channelTitle,
      ...(e.tags.length ? { tags: e.tags } : {}),
      categoryId: e.categoryId,
      liveBroadcastContent: "none",
      localized: { title: e.title, description: e.description },
    };
  }
  if (parts.includes("status")) {
    out.status = {
      uploadStatus: s.uploadStatus,
      ...("failureReason" in s ? { failureReason: s.failureReason } : {}),
      ...("rejectionReason" in s ? { rejectionReason: s.rejectionReason } : {}),
      privacyStatus: e.privacyStatus,
      license: "youtube",
      embeddable: true,
      publicStatsViewable: true,
      ...(fresh ? {} : { madeForKids: e.madeForKids }),
      selfDeclaredMadeForKids: e.madeForKids,
    };
  }
  if (parts.includes("contentDetails")) out.contentDetails = contentDetails(e.facts);
  if (parts.includes("statistics")) {
    const count = (n: number | undefined) => String(processed ? (n ?? 0) : 0);
    out.statistics = {
      viewCount: count(post.metrics.views),
      likeCount: count(post.metrics.likes),
      favoriteCount: "0",
      commentCount: count(post.metrics.replies),
    };
  }
  if (parts.includes("fileDetails")) out.fileDetails = fileDetails(post, e.facts);
  if (parts.includes("processingDetails")) out.processingDetails = processingDetails(object, s);
  return out;
}

function contentDetails(facts: VideoFacts | null) {
  return {
    duration: isoDuration(facts?.durationSeconds ?? 0),
    dimension: "2d",
    definition: facts && Math.min(facts.width, facts.height) >= 720 ? "hd" : "sd",
    caption: "false",
    licensedContent: false,
    contentRating: {},
    projection: "rectangular",
  };
}

function fileDetails(post: SandboxPost, facts: VideoFacts | null) {
  const size = post.media[0]?.size ?? 0;
  const bitrate = facts && facts.durationSeconds > 0 ? String(Math.round((size * 8) / facts.durationSeconds)) : undefined;
  return {
    fileSize: String(size),
    fileType: facts ? "video" : "other",
    ...(facts ? { container: facts.container, durationMs: String(Math.round(facts.durationSeconds * 1000)), bitrateBps: bitrate } : {}),
    videoStreams: facts
      ? [
          {
            widthPixels: facts.width,
            heightPixels: facts.height,
            aspectRatio: facts.height ? facts.width / facts.height : 0,
            codec: facts.codec,
            bitrateBps: bitrate,
            rotation: "none",
          },
        ]
      : [],
    audioStreams: [],
  };
}

function processingDetails(o: PlatformObject, s: ReturnType<typeof videoState> | { processingStatus: "processing" }) {
  if (s.processingStatus === "processing") {
    const total = Math.max(1, o.readyAt - o.createdAt);
    const done = Math.min(total, Math.max(0, Date.now() - o.createdAt));
    return {
      processingStatus: "processing",
      processingProgress: { partsTotal: "1000", partsProcessed: String(Math.floor((done / total) * 1000)), timeLeftMs: String(total - done) },
    };
  }
  const available = s.processingStatus === "succeeded" ? "available" : "unavailable";
  return {
    processingStatus: s.processingStatus,
    ...("processingFailureReason" in s ? { processingFailureReason: s.processingFailureReason } : {}),
    fileDetailsAvailability: "available",
    processingIssuesAvailability: "available",
    tagSuggestionsAvailability: available,
    editorSuggestionsAvailability: available,
    thumbnailsAvailability: available,
  };
}

export function playlistItemResource(post: SandboxPost, channel: Profile, playlistId: string, position: number, parts: string[]) {
  const e = post.extra as VideoExtra;
  const id = Buffer.from(`${playlistId}.${post.id}`).toString("base64url");
  return {
    kind: "youtube#playlistItem",
    etag: etag(id, position),
    id,
    ...(parts.includes("snippet")
      ? {
          snippet: {
            publishedAt: post.createdAt,
            channelId: channelIdOf(post.profileId),
            title: e.title,
            description: e.description,
            thumbnails: { default: { url: `https://i.ytimg.com/vi/${post.id}/default.jpg`, width: 120, height: 90 } },
            channelTitle: channel.displayName,
            playlistId,
            position,
            resourceId: { kind: "youtube#video", videoId: post.id },
            videoOwnerChannelTitle: channel.displayName,
            videoOwnerChannelId: channelIdOf(post.profileId),
          },
        }
      : {}),
    ...(parts.includes("contentDetails") ? { contentDetails: { videoId: post.id, videoPublishedAt: post.createdAt } } : {}),
    ...(parts.includes("status") ? { status: { privacyStatus: e.privacyStatus } } : {}),
  };
}
