// A link card (app.bsky.embed.external) as Bluesky's own app makes one: the page's Open Graph
// title, description and image, fetched by us (the PDS does not unfurl links), through the same
// SSRF-safe fetcher as media imports. A card is a nicety: a page that cannot be read gives a
// post without one, never a failed post.
import { parseHTML } from "linkedom";
import { fetchPage, openUrl } from "../../carousel/source/safe-fetch.ts";
import type { Agent } from "@atproto/api";
import { fitImage } from "./bluesky-image.ts";
import { uploadImage, type BlobJson } from "./bluesky-blobs.ts";

export type ExternalEmbed = {
  $type: "app.bsky.embed.external";
  external: { uri: string; title: string; description: string; thumb?: BlobJson };
};

const PAGE_LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 8_000, maxRedirects: 5 };
const THUMB_MAX_READ = 10 * 1024 * 1024;

type PagePreview = { title: string; description: string; image?: string };

export function previewOf(html: string, pageUrl: string): PagePreview {
  const { document } = parseHTML(html);
  const meta = (...names: string[]) => {
    for (const name of names) {
      const value = document.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute("content")?.trim();
      if (value) return value;
    }
    return undefined;
  };
  const image = meta("og:image", "og:image:url", "twitter:image");
  let imageUrl: string | undefined;
  try {
    imageUrl = image ? new URL(image, pageUrl).toString() : undefined;
  } catch {
    imageUrl = undefined;
  }
  return {
    title: clip(meta("og:title", "twitter:title") ?? document.querySelector("title")?.textContent?.trim() ?? "", 300),
    description: clip(meta("og:description", "twitter:description", "description") ?? "", 1000),
    ...(imageUrl ? { image: imageUrl } : {}),
  };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

async function readImage(url: string): Promise<{ bytes: Uint8Array; mimeType: string } | undefined> {
  const { response } = await openUrl(url, { timeoutMs: PAGE_LIMITS.timeoutMs, maxRedirects: PAGE_LIMITS.maxRedirects, accept: "image/*" });
  const mimeType = (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!mimeType.startsWith("image/")) {
    response.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > THUMB_MAX_READ) {
      response.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return { bytes: new Uint8Array(Buffer.concat(chunks)), mimeType };
}

/** The card for `url`, its thumbnail uploaded as a blob; null when the page cannot be read. */
export async function linkCard(agent: Agent, url: string): Promise<ExternalEmbed | null> {
  let preview: PagePreview;
  try {
    const page = await fetchPage(url, PAGE_LIMITS);
    preview = previewOf(page.contentType === "text/plain" ? "" : page.body, page.url);
  } catch {
    return null;
  }
  let thumb: BlobJson | undefined;
  if (preview.image) {
    // The thumbnail too: a card without a picture beats no post.
    const image = await readImage(preview.image).catch(() => undefined);
    const fitted = image ? await fitImage(image.bytes, image.mimeType).catch(() => undefined) : undefined;
    if (fitted) thumb = (await uploadImage(agent, fitted)).blob;
  }
  return {
    $type: "app.bsky.embed.external",
    external: { uri: url, title: preview.title, description: preview.description, ...(thumb ? { thumb } : {}) },
  };
}
