// What each text platform takes as a post's media, from its official documentation (numbers
// change: each entry names its pages). Checked before anything is sent (media-rules.ts checks the
// same table); a platform's own checks at publish time still apply.
const MB = 1000 ** 2;
const MiB = 1024 ** 2;
const GB = 1000 ** 3;

export type TextMediaLimits = {
  docs: string[];
  /** images per post: at most `maxImages`; more than one is a carousel or multi-image post of at least `minMany` */
  maxImages: number;
  minMany: number;
  /** items of a carousel of images and videos together (Threads); 0 where images and a video cannot be mixed */
  maxMixed: number;
  imageMaxBytes: number;
  imageMaxPixels?: number;
  videoMimeTypes: readonly string[];
  videoMaxBytes: number;
  videoMinSeconds?: number;
  videoMaxSeconds: number;
  /** why a platform without videoMimeTypes takes no video */
  noVideo?: string;
  /** alt text length in characters, where the platform states one */
  altTextMax?: number;
  /** a video's alt text, where the platform states another length than for images */
  videoAltTextMax?: number;
  /** documents (PDF) in one post; LinkedIn only */
  documents: boolean;
  documentMaxBytes?: number;
  documentMaxPages?: number;
};

export const textMediaLimits = {
  x: {
    docs: ["https://docs.x.com/x-api/media/quickstart/best-practices", "https://docs.x.com/x-api/media/metadata-create"],
    // "You may attach up to 4 photos, 1 animated GIF or 1 video in a Post."
    maxImages: 4,
    minMany: 2,
    maxMixed: 0,
    imageMaxBytes: 5 * MB,
    videoMimeTypes: ["video/mp4", "video/quicktime"],
    videoMaxBytes: 512 * MB,
    videoMinSeconds: 0.5,
    videoMaxSeconds: 140,
    altTextMax: 1000,
    documents: false,
  },
  threads: {
    docs: [
      "https://developers.facebook.com/docs/threads/overview#media-specifications",
      "https://developers.facebook.com/docs/threads/posts#carousel-posts",
      "https://developers.facebook.com/docs/threads/posts/accessibility",
    ],
    // a post: one image or video, or a carousel of 2 to 20 images and videos together
    maxImages: 20,
    minMany: 2,
    maxMixed: 20,
    imageMaxBytes: 8 * MiB,
    videoMimeTypes: ["video/mp4", "video/quicktime"],
    videoMaxBytes: 1 * GB,
    videoMaxSeconds: 300,
    documents: false,
  },
  linkedin: {
    docs: [
      "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api",
      "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/multiimage-post-api",
      "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/videos-api",
      "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/documents-api",
    ],
    // one image, a multi-image post of 2 to 20, one video, or one document; never mixed
    maxImages: 20,
    minMany: 2,
    maxMixed: 0,
    imageMaxBytes: 8 * MiB, // the library's JPEG limit; LinkedIn states pixels, not bytes
    imageMaxPixels: 36_152_320,
    videoMimeTypes: ["video/mp4"],
    videoMaxBytes: 500 * MB,
    videoMinSeconds: 3,
    videoMaxSeconds: 30 * 60,
    documents: true,
    documentMaxBytes: 100 * MB,
    documentMaxPages: 300,
  },
  bluesky: {
    docs: [
      "https://docs.bsky.app/docs/advanced-guides/posts#images-embeds",
      "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json",
      "https://docs.bsky.app/docs/tutorials/video",
      "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/video.json",
      "https://bsky.app/profile/bsky.app/post/3lk26lxn6sk2u",
    ],
    // up to 4 images, or one video and nothing beside it; an image blob over 1,000,000 bytes is
    // re-encoded to fit (bluesky-image.ts), so a larger file is not refused
    maxImages: 4,
    minMany: 2,
    maxMixed: 0,
    imageMaxBytes: Number.MAX_SAFE_INTEGER,
    // the embed's lexicon: an mp4 blob of at most 100,000,000 bytes, alt text of 1,000 graphemes;
    // Bluesky's video service plays up to 3 minutes (its announcement of March 2025)
    videoMimeTypes: ["video/mp4"],
    videoMaxBytes: 100_000_000,
    videoMaxSeconds: 180,
    altTextMax: 2000,
    videoAltTextMax: 1000,
    documents: false,
  },
} as const satisfies Record<"x" | "threads" | "linkedin" | "bluesky", TextMediaLimits>;
