// Pieces every platform's preview is made of: media as the platform frames it, the text, the
// first comment shown as what it becomes (a reply or a comment).
import type { ReactNode } from "react";
import type { PickedMedia, SharedContent } from "./composition";

export function MediaView({ item, className = "" }: { item: PickedMedia; className?: string }) {
  if (!item.url) return <span className={`flex items-center justify-center bg-slate-200 text-xs text-slate-600 ${className}`}>{item.fileName}</span>;
  return item.mediaType === "IMAGE" ? (
    // eslint-disable-next-line @next/next/no-img-element -- signed storage URL
    <img src={item.url} alt={item.altText ?? ""} className={`object-cover ${className}`} />
  ) : (
    // the first frame stands for the thumbnail the platform takes from the video
    <video src={item.url} preload="metadata" muted playsInline className={`bg-black object-cover ${className}`} aria-label={`Video ${item.fileName}`} />
  );
}

export function MediaGrid({ media }: { media: PickedMedia[] }) {
  if (media.length === 0) return null;
  const shown = media.slice(0, 4);
  return (
    <div className={`mt-2 grid gap-0.5 overflow-hidden rounded-xl ${shown.length > 1 ? "grid-cols-2" : "grid-cols-1"}`}>
      {shown.map((m, i) => (
        <MediaView key={`${m.mediaId}-${i}`} item={m} className="aspect-video w-full" />
      ))}
      {media.length > 4 ? <span className="col-span-2 text-xs text-slate-500">+{media.length - 4} more</span> : null}
    </div>
  );
}

export function Text({ text, muted = false }: { text: string; muted?: boolean }) {
  return <p className={`whitespace-pre-wrap break-words text-sm ${muted ? "italic text-slate-500" : "text-slate-900"}`}>{text || "(no text)"}</p>;
}

/** `children`: what is said of the comment under it (its counter). */
export function FirstComment({ content, label, children }: { content: SharedContent; label: string; children?: ReactNode }) {
  if (!content.firstComment.trim()) return null;
  return (
    <div className="ml-4 mt-2 rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200" data-testid="preview-first-comment">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <Text text={content.firstComment} />
      {children ? <span className="mt-1 block">{children}</span> : null}
    </div>
  );
}
