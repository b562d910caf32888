// Template previews: a rendered JPEG of a design, stored once under a key derived from the
// design itself (so an edited design gets a new preview) and linked with a time-limited URL.
import crypto from "node:crypto";
import { renderPreview, type Design } from "../../carousel/render/index.ts";
import { storage } from "../../storage/index.ts";

const PREVIEW_URL_SECONDS = 3600;

// Keys sorted: a design read back from jsonb has its keys in another order than the one written.
const canonical = (value: unknown): string =>
  value && typeof value === "object" && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
        .join(",")}}`
    : JSON.stringify(value);

export function previewKey(templateId: string, design: Design): string {
  const hash = crypto.createHash("sha256").update(canonical(design)).digest("hex").slice(0, 12);
  return `templates/${templateId}/preview-${hash}.jpg`;
}

/** Renders and stores the preview unless it is already stored. */
export async function ensurePreview(templateId: string, design: Design): Promise<string> {
  const key = previewKey(templateId, design);
  const store = await storage();
  if (!(await store.head(key))) await store.put(key, await renderPreview(design), "image/jpeg");
  return key;
}

export async function previewUrl(templateId: string, design: Design): Promise<string> {
  return (await storage()).presignDownload(previewKey(templateId, design), { expiresInSeconds: PREVIEW_URL_SECONDS, contentType: "image/jpeg" });
}
