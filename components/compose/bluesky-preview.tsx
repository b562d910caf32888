// Bluesky's preview: the thread as a reply chain, each post counted in graphemes (300, as
// Bluesky counts), up to 4 images with their alt text, and the link card Bluesky shows for a
// post with a link and no media. The card's title, description and image are fetched when it is
// published; the preview shows what is known now: the link's domain and address.
import { findLinks } from "@/server/domain/publishing/text-rules";
import { CharCounter } from "./char-counter";
import type { PickedMedia, SharedContent } from "./composition";
import { FirstComment, MediaView, Text } from "./preview-parts";

/** app.bsky.feed.post: at most 300 graphemes; app.bsky.embed.images: at most 4 images. */
export const BLUESKY_GRAPHEMES = 300;
export const BLUESKY_IMAGES = 4;

/** The link Bluesky makes a card of: the post's first link, as an address. */
export function firstLink(text: string): { url: string; domain: string } | null {
  const link = findLinks(text)[0];
  if (!link) return null;
  const url = /^https?:\/\//i.test(link.url) ? link.url : `https://${link.url}`;
  try {
    return { url, domain: new URL(url).hostname.replace(/^www\./, "") };
  } catch {
    return null;
  }
}

function LinkCard({ url, domain }: { url: string; domain: string }) {
  return (
    <div className="mt-2 overflow-hidden rounded-lg ring-1 ring-slate-200" data-testid="preview-link-card">
      <div className="bg-slate-100 px-2 py-1 text-xs font-medium text-slate-600">Link card</div>
      <div className="p-2">
        <p className="text-sm font-semibold text-slate-900">{domain}</p>
        <p className="break-all text-xs text-slate-600">{url}</p>
        <p className="mt-1 text-xs text-slate-500">Its title, description and image are read from the page when it is published.</p>
      </div>
    </div>
  );
}

function BlueskyMedia({ media }: { media: PickedMedia[] }) {
  if (media.length === 0) return null;
  const video = media.find((m) => m.mediaType === "VIDEO");
  if (video) return <MediaView item={video} className="mt-2 aspect-video w-full rounded-xl" />;
  const shown = media.slice(0, BLUESKY_IMAGES);
  return (
    <div className={`mt-2 grid gap-0.5 overflow-hidden rounded-xl ${shown.length > 1 ? "grid-cols-2" : "grid-cols-1"}`} data-testid="preview-images">
      {shown.map((m, i) => (
        <figure key={`${m.mediaId}-${i}`} className="relative">
          <MediaView item={m} className="aspect-video w-full" />
          {m.altText?.trim() ? (
            <figcaption className="absolute bottom-1 left-1 rounded bg-black px-1 text-[10px] font-semibold text-white" title={m.altText}>
              ALT
            </figcaption>
          ) : null}
        </figure>
      ))}
      {media.length > BLUESKY_IMAGES ? (
        <span className="col-span-2 text-xs text-red-700">
          +{media.length - BLUESKY_IMAGES} more: Bluesky takes {BLUESKY_IMAGES} images
        </span>
      ) : null}
    </div>
  );
}

export function BlueskyPreview({ content }: { content: SharedContent }) {
  const posts = [content.text, ...content.thread];
  return (
    <>
      <ol className="space-y-2" aria-label="Bluesky posts">
        {posts.map((p, i) => {
          const media = i === 0 ? content.media : [];
          const link = media.length === 0 ? firstLink(p) : null;
          return (
            <li key={i} className={`rounded-lg bg-slate-50 p-2 ${i > 0 ? "ml-4 border-l-2 border-slate-300" : ""}`} data-testid="preview-post-bluesky">
              {i > 0 ? <p className="text-xs text-slate-500">Reply to post {i}</p> : null}
              <Text text={p} />
              <BlueskyMedia media={media} />
              {link ? <LinkCard {...link} /> : null}
              <span className="mt-1 block">
                <CharCounter label={`Bluesky post ${i + 1}`} text={p} limit={BLUESKY_GRAPHEMES} unit="graphemes" />
              </span>
            </li>
          );
        })}
      </ol>
      <FirstComment content={content} label="First comment (a reply)">
        <CharCounter label="Bluesky first comment" text={content.firstComment} limit={BLUESKY_GRAPHEMES} unit="graphemes" />
      </FirstComment>
    </>
  );
}
