// Images as Bluesky takes them: at most 1,000,000 bytes per blob (app.bsky.embed.images
// lexicon, image maxSize). A larger image is re-encoded at the best quality that fits: first the
// highest JPEG (or WebP, with transparency) quality from 92 down to 70 at full size, then, only
// if even 70 does not fit, scaled down just enough. Never refused, never left pixelated.
import sharp, { type Metadata } from "sharp";

export const BLUESKY_IMAGE_MAX_BYTES = 1_000_000;
const TAKEN_AS_IS = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);
const BEST_QUALITY = 92;
const LOWEST_QUALITY = 70;

export type FittedImage = { bytes: Uint8Array; mimeType: string; width: number; height: number };

/** Width and height as shown: EXIF orientations 5–8 turn the image a quarter. */
function shownSize(meta: Metadata): { width: number; height: number } {
  const turned = (meta.orientation ?? 1) >= 5;
  const width = meta.width ?? 1;
  const height = meta.height ?? 1;
  return turned ? { width: height, height: width } : { width, height };
}

export async function fitImage(bytes: Uint8Array, mimeType: string, maxBytes = BLUESKY_IMAGE_MAX_BYTES): Promise<FittedImage> {
  const meta = await sharp(bytes).metadata();
  const size = shownSize(meta);
  if (bytes.length <= maxBytes && TAKEN_AS_IS.has(mimeType)) return { bytes, mimeType, ...size };
  const alpha = meta.hasAlpha === true;
  const encode = async (width: number, quality: number) => {
    const image = sharp(bytes).rotate().resize({ width, withoutEnlargement: true });
    return alpha ? image.webp({ quality }).toBuffer() : image.jpeg({ quality }).toBuffer();
  };
  const format = alpha ? "image/webp" : "image/jpeg";
  for (let width = size.width; ;) {
    const lowest = await encode(width, LOWEST_QUALITY);
    if (lowest.length <= maxBytes) {
      // the highest quality that fits, by bisection (size grows with quality)
      let best = lowest;
      let low = LOWEST_QUALITY + 1;
      let high = BEST_QUALITY;
      while (low <= high) {
        const quality = Math.floor((low + high) / 2);
        const candidate = await encode(width, quality);
        if (candidate.length <= maxBytes) {
          best = candidate;
          low = quality + 1;
        } else high = quality - 1;
      }
      const out = await sharp(best).metadata();
      return { bytes: new Uint8Array(best), mimeType: format, width: out.width ?? width, height: out.height ?? 1 };
    }
    // bytes scale about with the pixel count: shrink the side by the square root, a little more
    const next = Math.floor(width * Math.sqrt(maxBytes / lowest.length) * 0.97);
    width = Math.max(1, Math.min(next, width - 1));
  }
}
