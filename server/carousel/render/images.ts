import sharp from "sharp";

export type Picture = { src: string; width: number; height: number };

// Logos repeat on every slide of a carousel, so their resized form is cached
// per Buffer (WeakMap: dropped with the brand object).
const logoCache = new WeakMap<Buffer, Map<string, Promise<Picture | null>>>();

/** The logo scaled to fit inside maxWidth×maxHeight, as a PNG data URL; null if undecodable. */
export function logoPicture(logo: Buffer, maxWidth: number, maxHeight: number): Promise<Picture | null> {
  let bySize = logoCache.get(logo);
  if (!bySize) logoCache.set(logo, (bySize = new Map()));
  const key = `${maxWidth}x${maxHeight}`;
  let pending = bySize.get(key);
  if (!pending) {
    pending = sharp(logo, { failOn: "error" })
      .resize({ width: maxWidth, height: maxHeight, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => {
        // Small logos are drawn scaled up to the box; resvg interpolates them.
        const scale = Math.min(maxWidth / info.width, maxHeight / info.height);
        return {
          src: `data:image/png;base64,${data.toString("base64")}`,
          width: Math.max(1, Math.round(info.width * scale)),
          height: Math.max(1, Math.round(info.height * scale)),
        };
      })
      // A broken logo must not sink the carousel: the brand name still shows.
      .catch(() => null);
    bySize.set(key, pending);
  }
  return pending;
}

/** The illustration cropped to exactly fill the box (centre crop), as a JPEG data URL. */
export async function coverPicture(image: Buffer, width: number, height: number): Promise<Picture | null> {
  try {
    const data = await sharp(image, { failOn: "error" })
      .rotate()
      .resize({ width, height, fit: "cover", position: "centre" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 86 })
      .toBuffer();
    return { src: `data:image/jpeg;base64,${data.toString("base64")}`, width, height };
  } catch {
    return null;
  }
}
