// The Mastodon instances the sandbox runs, one per path (/mastodon/<domain>/…): any domain is an
// instance with Mastodon's default limits; a few named ones differ, as real servers do, so limits
// are read per instance and never assumed. Their /api/v2/instance answer follows
// https://docs.joinmastodon.org/entities/Instance/.

export type InstanceLimits = {
  maxCharacters: number;
  maxMediaAttachments: number;
  charactersReservedPerUrl: number;
  imageSizeLimit: number;
  videoSizeLimit: number;
  supportedMimeTypes: string[];
  /** the `profile` scope exists from Mastodon 4.3 on; older servers and some forks lack it */
  profileScope: boolean;
  version: string;
};

const MB = 1024 * 1024;
const mime = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/heic",
  "image/heif",
  "image/webp",
  "image/avif",
  "video/webm",
  "video/mp4",
  "video/quicktime",
  "video/ogg",
  "audio/wave",
  "audio/wav",
  "audio/x-wav",
  "audio/x-pn-wave",
  "audio/vnd.wave",
  "audio/ogg",
  "audio/vorbis",
  "audio/mpeg",
  "audio/mp3",
  "audio/webm",
  "audio/flac",
  "audio/aac",
  "audio/m4a",
  "audio/x-m4a",
  "audio/mp4",
  "audio/3gpp",
  "video/x-ms-asf",
];

/** Mastodon's defaults (MAX_CHARS 500, 4 attachments, URLs as 23, 16 MB images, 99 MB videos). */
export const defaultLimits: InstanceLimits = {
  maxCharacters: 500,
  maxMediaAttachments: 4,
  charactersReservedPerUrl: 23,
  imageSizeLimit: 16 * MB,
  videoSizeLimit: 99 * MB,
  supportedMimeTypes: mime,
  profileScope: true,
  version: "4.4.0",
};

const named: Record<string, Partial<InstanceLimits>> = {
  // a server that raised its limits (many do: 1,000 to 5,000 characters)
  "long.example": { maxCharacters: 5000, maxMediaAttachments: 6 },
  // an older Mastodon, before the `profile` scope (4.3)
  "old.example": { profileScope: false, version: "4.2.10" },
  // a small server with tight media limits
  "tiny.example": { maxCharacters: 280, imageSizeLimit: 1 * MB, videoSizeLimit: 8 * MB },
};

export function limitsOf(domain: string): InstanceLimits {
  return { ...defaultLimits, ...named[domain] };
}

/** Scopes an instance knows (https://docs.joinmastodon.org/api/oauth-scopes/). */
export function knownScopes(domain: string): string[] {
  const granular = (kind: string, names: string[]) => names.map((n) => `${kind}:${n}`);
  return [
    "read",
    "write",
    "follow",
    "push",
    ...(limitsOf(domain).profileScope ? ["profile"] : []),
    ...granular("read", ["accounts", "blocks", "bookmarks", "favourites", "filters", "follows", "lists", "mutes", "notifications", "search", "statuses"]),
    ...granular("write", [
      "accounts",
      "blocks",
      "bookmarks",
      "conversations",
      "favourites",
      "filters",
      "follows",
      "lists",
      "media",
      "mutes",
      "notifications",
      "reports",
      "statuses",
    ]),
  ];
}

export function instanceEntity(domain: string, baseUrl: string) {
  const l = limitsOf(domain);
  return {
    domain,
    title: `${domain} (sandbox)`,
    version: l.version,
    source_url: "https://github.com/mastodon/mastodon",
    description: "A Mastodon instance of the Posteady sandbox: nothing here federates.",
    usage: { users: { active_month: 0 } },
    thumbnail: { url: `${baseUrl}/favicon.ico` },
    languages: ["en"],
    configuration: {
      urls: { streaming: baseUrl.replace(/^http/, "ws") },
      accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
      statuses: {
        max_characters: l.maxCharacters,
        max_media_attachments: l.maxMediaAttachments,
        characters_reserved_per_url: l.charactersReservedPerUrl,
      },
      media_attachments: {
        supported_mime_types: l.supportedMimeTypes,
        description_limit: 1500,
        image_size_limit: l.imageSizeLimit,
        image_matrix_limit: 33177600,
        video_size_limit: l.videoSizeLimit,
        video_frame_rate_limit: 120,
        video_matrix_limit: 8294400,
      },
      polls: { max_options: 4, max_characters_per_option: 50, min_expiration: 300, max_expiration: 2629746 },
      translation: { enabled: false },
    },
    registrations: { enabled: false, approval_required: false, message: null },
    api_versions: { mastodon: 6 },
    contact: { email: `admin@${domain}`, account: null },
    rules: [],
  };
}
