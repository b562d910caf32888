// Mastodon's preview: who sees it (visibility), the content warning as the collapsed "CW: …"
// line readers see above the text, the thread as replies, the media grid (hidden behind a
// warning when sensitive) and a counter against the instance's limit, counted as Mastodon counts
// (each link as the instance's reserved length, the content warning included).
import { mastodonVisibilityLabels } from "@/components/labels/platform-labels";
import { CharCounter } from "./char-counter";
import type { MastodonOptions, SharedContent } from "./composition";
import { FirstComment, MediaGrid, Text } from "./preview-parts";

/** The instance's limits (GET /api/v2/instance), when known. */
export type InstanceLimits = { maxCharacters: number; charactersReservedPerUrl: number };
/** Mastodon's own defaults, for an instance whose limits the dashboard does not know. */
export const DEFAULT_INSTANCE_LIMITS: InstanceLimits = { maxCharacters: 500, charactersReservedPerUrl: 23 };

export function MastodonPreview({
  content,
  options,
  limits = DEFAULT_INSTANCE_LIMITS,
}: {
  content: SharedContent;
  options: MastodonOptions;
  limits?: InstanceLimits;
}) {
  const posts = [content.text, ...content.thread];
  const cw = options.spoilerText.trim() ? options.spoilerText : "";
  const count = { spoilerText: cw, reservedPerUrl: limits.charactersReservedPerUrl };
  // Mastodon hides the media of a post with a content warning too
  const sensitive = options.sensitive || cw !== "";
  return (
    <>
      <p className="mb-2 text-xs text-slate-600" data-testid="preview-visibility">
        Visibility: <span className="font-medium text-slate-800">{mastodonVisibilityLabels[options.visibility]}</span>
      </p>
      <ol className="space-y-2" aria-label="Mastodon posts">
        {posts.map((p, i) => (
          <li key={i} className={`rounded-lg bg-slate-50 p-2 ${i > 0 ? "ml-4 border-l-2 border-slate-300" : ""}`} data-testid="preview-post-mastodon">
            {i > 0 ? <p className="text-xs text-slate-500">Reply to post {i}</p> : null}
            {cw ? (
              <details data-testid="preview-cw">
                <summary className="cursor-pointer text-sm font-medium text-slate-900">CW: {cw}</summary>
                <Text text={p} />
              </details>
            ) : (
              <Text text={p} />
            )}
            {i === 0 && content.media.length ? (
              <div className="relative">
                <div className={sensitive ? "blur-md" : undefined}>
                  <MediaGrid media={content.media} />
                </div>
                {sensitive ? (
                  <span
                    className="absolute inset-0 mt-2 flex items-center justify-center rounded-xl text-sm font-medium text-white"
                    data-testid="preview-sensitive"
                  >
                    <span className="rounded bg-black px-2 py-1">Sensitive content</span>
                  </span>
                ) : null}
              </div>
            ) : null}
            <span className="mt-1 block">
              <CharCounter label={`Mastodon post ${i + 1}`} text={p} limit={limits.maxCharacters} unit="mastodon" options={count} />
            </span>
          </li>
        ))}
      </ol>
      <FirstComment content={content} label="First comment (a reply)">
        <CharCounter label="Mastodon first comment" text={content.firstComment} limit={limits.maxCharacters} unit="mastodon" options={count} />
      </FirstComment>
    </>
  );
}
