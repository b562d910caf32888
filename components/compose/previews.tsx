// How the post will look on each chosen account, as it will be sent: X's first post without its
// links and its weighted count, a thread's replies, Instagram's square frame and carousel dots,
// the vertical frames of TikTok and Reels, YouTube's title and the video's first frame, Bluesky's
// graphemes and link card, Mastodon's content warning and visibility. Each
// card lists what that platform would refuse (target-checks.ts) before anything is sent.
import { ProviderBadge, providerLabels } from "@/components/accounts/provider-badge";
import type { ProviderName } from "@/server/domain/accounts/providers";
import { FACEBOOK_MESSAGE, INSTAGRAM_CAPTION, TIKTOK_CAPTION_UTF16, YOUTUBE_DESCRIPTION } from "@/server/domain/publishing/media-rules";
import { removeLinks, TEXT_LIMITS } from "@/server/domain/publishing/text-rules";
import { CharCounter } from "./char-counter";
import { BlueskyPreview } from "./bluesky-preview";
import type { SharedContent, TargetState } from "./composition";
import { MastodonPreview, type InstanceLimits } from "./mastodon-preview";
import { FirstComment, MediaGrid, MediaView, Text } from "./preview-parts";

export type PreviewProps = {
  provider: ProviderName;
  username: string;
  displayName: string;
  content: SharedContent;
  target: TargetState;
  /** the carousel a LinkedIn document is made of, when set */
  document?: { slides: number; firstSlideUrl?: string };
  /** Mastodon: the instance's limits when known (otherwise Mastodon's defaults, 500 and 23 per link) */
  instanceLimits?: InstanceLimits;
  problems: string[];
  notes: string[];
  onOpen?: () => void;
};

function Dots({ count }: { count: number }) {
  if (count < 2) return null;
  return (
    <span className="flex justify-center gap-1 py-1" aria-label={`Carousel of ${count}`} role="img">
      {Array.from({ length: Math.min(count, 20) }, (_, i) => (
        <span key={i} className={`h-1.5 w-1.5 rounded-full ${i === 0 ? "bg-brand-600" : "bg-slate-300"}`} />
      ))}
    </span>
  );
}

function ThreadPreview({ provider, content }: { provider: "x" | "threads"; content: SharedContent }) {
  const first = provider === "x" ? removeLinks(content.text) : { text: content.text, removed: [] as string[] };
  const posts = [first.text, ...content.thread];
  const name = provider === "x" ? "X" : "Threads";
  return (
    <ol className="space-y-2" aria-label={`${name} posts`}>
      {posts.map((p, i) => (
        <li key={i} className={`rounded-lg bg-slate-50 p-2 ${i > 0 ? "ml-4 border-l-2 border-slate-300" : ""}`} data-testid={`preview-post-${provider}`}>
          <Text text={p} />
          {i === 0 ? <MediaGrid media={content.media} /> : null}
          <span className="mt-1 flex flex-wrap items-center gap-2">
            <CharCounter label={`${name} post ${i + 1}`} text={p} limit={TEXT_LIMITS[provider]} unit={provider === "x" ? "x-weighted" : "characters"} />
            {i === 0 && first.removed.length ? <span className="break-all text-xs text-amber-800">Links removed: {first.removed.join(", ")}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Body({ provider, content, target, document, instanceLimits }: Pick<PreviewProps, "provider" | "content" | "target" | "document" | "instanceLimits">) {
  switch (provider) {
    case "x":
    case "threads":
      return (
        <>
          <ThreadPreview provider={provider} content={content} />
          <FirstComment content={content} label="First comment (a reply)" />
        </>
      );
    case "linkedin":
      return (
        <>
          <Text text={content.text} />
          {document ? (
            <div className="mt-2 rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200" data-testid="preview-document">
              {document.firstSlideUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- signed storage URL
                <img src={document.firstSlideUrl} alt="" className="aspect-[4/5] w-32 rounded object-cover" />
              ) : null}
              <p className="mt-1 text-xs text-slate-600">Document (PDF) of {document.slides} slides</p>
            </div>
          ) : (
            <MediaGrid media={content.media} />
          )}
          <span className="mt-1 block">
            <CharCounter label="LinkedIn post" text={content.text} limit={TEXT_LIMITS.linkedin} unit="characters" />
          </span>
          <FirstComment content={content} label="First comment" />
        </>
      );
    case "instagram": {
      const type = target.instagram.contentType;
      const first = content.media[0];
      return (
        <>
          <div
            className={`mx-auto overflow-hidden rounded-md bg-black ${type === "FEED" ? "aspect-square w-full max-w-72" : "aspect-[9/16] w-40"}`}
            data-testid="preview-frame"
          >
            {first ? (
              <MediaView item={first} className="h-full w-full" />
            ) : (
              <span className="flex h-full items-center justify-center text-xs text-slate-300">No media</span>
            )}
          </div>
          {type === "FEED" ? <Dots count={content.media.length} /> : null}
          {type === "STORIES" ? (
            <p className="mt-2 text-xs text-slate-600">A Story carries no caption: the text is not sent.</p>
          ) : (
            <>
              <Text text={content.text} />
              <span className="mt-1 block">
                <CharCounter label="Instagram caption" text={content.text} limit={INSTAGRAM_CAPTION} unit="characters" />
              </span>
              <FirstComment content={content} label="First comment" />
            </>
          )}
        </>
      );
    }
    case "facebook": {
      const story = target.facebook.contentType === "STORY";
      return (
        <>
          {story ? <p className="text-xs text-slate-600">A Story carries no message: the text is not sent.</p> : <Text text={content.text} />}
          {target.facebook.contentType === "FEED" ? (
            <MediaGrid media={content.media} />
          ) : content.media[0] ? (
            <div className="mx-auto mt-2 aspect-[9/16] w-40 overflow-hidden rounded-md bg-black">
              <MediaView item={content.media[0]} className="h-full w-full" />
            </div>
          ) : null}
          {story ? null : (
            <span className="mt-1 block">
              <CharCounter label="Facebook message" text={content.text} limit={FACEBOOK_MESSAGE} unit="characters" />
            </span>
          )}
          {story ? null : <FirstComment content={content} label="First comment" />}
        </>
      );
    }
    case "tiktok": {
      const video = content.media[0];
      return (
        <>
          <div className="relative mx-auto aspect-[9/16] w-44 overflow-hidden rounded-md bg-black" data-testid="preview-frame">
            {video ? (
              <MediaView item={video} className="h-full w-full" />
            ) : (
              <span className="flex h-full items-center justify-center text-xs text-slate-300">No video</span>
            )}
            <p className="absolute inset-x-0 bottom-0 line-clamp-4 whitespace-pre-wrap break-words bg-gradient-to-t from-black/80 p-2 text-xs text-white">
              {content.text}
            </p>
          </div>
          <span className="mt-1 block">
            <CharCounter label="TikTok caption" text={content.text} limit={TIKTOK_CAPTION_UTF16} unit="utf16" />
          </span>
        </>
      );
    }
    case "youtube": {
      const video = content.media[0];
      return (
        <>
          <div className="aspect-video w-full overflow-hidden rounded-md bg-black" data-testid="preview-frame">
            {video ? (
              <MediaView item={video} className="h-full w-full" />
            ) : (
              <span className="flex h-full items-center justify-center text-xs text-slate-300">No video</span>
            )}
          </div>
          <p className="mt-2 break-words text-sm font-semibold text-slate-900" data-testid="preview-title">
            {target.youtube.title || <span className="font-normal italic text-slate-500">No title yet</span>}
          </p>
          <Text text={content.text} muted={!content.text} />
          <span className="mt-1 block">
            <CharCounter label="YouTube description" text={content.text} limit={YOUTUBE_DESCRIPTION} unit="characters" />
          </span>
        </>
      );
    }
    case "bluesky":
      return <BlueskyPreview content={content} />;
    case "mastodon":
      return <MastodonPreview content={content} options={target.mastodon} limits={instanceLimits} />;
    default: {
      // every provider of the table has its preview: a new one does not compile until it does
      const unknown: never = provider;
      return unknown;
    }
  }
}

export function PlatformPreview(props: PreviewProps) {
  const { provider, username, displayName, problems, notes, onOpen } = props;
  return (
    <article
      className={`min-w-0 rounded-lg bg-white p-3 ring-1 ${problems.length ? "ring-red-300" : "ring-slate-200"}`}
      data-testid="preview"
      data-provider={provider}
      aria-label={`${providerLabels[provider]} preview of @${username}`}
    >
      <header className="mb-2 flex items-center gap-2">
        <ProviderBadge provider={provider} size="sm" />
        <span className="min-w-0 flex-1 truncate text-sm">
          <span className="font-medium">{displayName || username}</span> <span className="text-slate-500">@{username}</span>
        </span>
        {onOpen ? (
          <button type="button" className="text-xs font-medium text-brand-700 hover:underline" onClick={onOpen}>
            Edit<span className="sr-only"> for @{username}</span>
          </button>
        ) : null}
      </header>
      <Body {...props} />
      {notes.length ? (
        <ul className="mt-2 space-y-0.5 text-xs text-slate-600" data-testid="target-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {problems.length ? (
        <ul className="mt-2 list-inside list-disc space-y-0.5 rounded-md bg-red-50 p-2 text-xs text-red-800" data-testid="target-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
