// The text: one post, or a thread of replies where a platform takes threads, with a counter per
// platform under each post (LinkedIn and the media platforms count the first post only; Bluesky
// counts graphemes, Mastodon as its instances do, against the instance's limits when known, else
// Mastodon's defaults: the account's preview counts the content warning too).
import type { ProviderName } from "@/server/domain/accounts/providers";
import { providerLabels } from "@/server/domain/accounts/providers";
import { removeLinks, TEXT_LIMITS } from "@/server/domain/publishing/text-rules";
import { Button } from "@/components/ui/button";
import { BLUESKY_GRAPHEMES } from "./bluesky-preview";
import { CharCounter } from "./char-counter";
import { DEFAULT_INSTANCE_LIMITS, type InstanceLimits } from "./mastodon-preview";
import { XLinkPreview } from "./x-link-preview";

type TextProvider = Exclude<keyof typeof TEXT_LIMITS, "bluesky" | "mastodon">;
const MAX_POSTS = 25;

type Props = {
  posts: string[];
  providers: ProviderName[];
  threadable: boolean;
  idPrefix?: string;
  /** the chosen Mastodon accounts' instance limits (the strictest counts; Mastodon's defaults when none is known) */
  mastodonLimits?: InstanceLimits;
  onChange(posts: string[]): void;
};

export function ThreadEditor({ posts, providers, threadable, idPrefix = "post", mastodonLimits = DEFAULT_INSTANCE_LIMITS, onChange }: Props) {
  // Bluesky and Mastodon have counters of their own below, whatever TEXT_LIMITS comes to list
  const textProviders = Object.keys(TEXT_LIMITS).filter((p): p is TextProvider => p !== "bluesky" && p !== "mastodon" && providers.includes(p as ProviderName));
  const set = (i: number, value: string) => onChange(posts.map((p, j) => (j === i ? value : p)));
  return (
    <div className="space-y-3">
      {posts.map((post, i) => (
        <div key={i} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
          <div className="flex items-center justify-between">
            <label htmlFor={`${idPrefix}-${i}`} className="text-sm font-medium text-slate-700">
              {posts.length > 1 ? `Post ${i + 1} of ${posts.length}` : "Post"}
            </label>
            {posts.length > 1 ? (
              <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => onChange(posts.filter((_, j) => j !== i))}>
                Remove<span className="sr-only"> post {i + 1}</span>
              </Button>
            ) : null}
          </div>
          <textarea
            id={`${idPrefix}-${i}`}
            value={post}
            onChange={(e) => set(i, e.target.value)}
            rows={4}
            className="mt-1 block w-full resize-y rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
            placeholder={i === 0 ? "What do you want to say?" : "Continue the thread"}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            {textProviders
              .filter((p) => i === 0 || p !== "linkedin")
              .map((p: TextProvider) => (
                <CharCounter
                  key={p}
                  label={providerLabels[p]}
                  // X counts the first post after its links are removed
                  text={p === "x" && i === 0 ? removeLinks(post).text : post}
                  limit={TEXT_LIMITS[p]}
                  unit={p === "x" ? "x-weighted" : "characters"}
                />
              ))}
            {providers.includes("bluesky") ? <CharCounter label="Bluesky" text={post} limit={BLUESKY_GRAPHEMES} unit="graphemes" /> : null}
            {providers.includes("mastodon") ? (
              <CharCounter
                label="Mastodon"
                text={post}
                limit={mastodonLimits.maxCharacters}
                unit="mastodon"
                options={{ reservedPerUrl: mastodonLimits.charactersReservedPerUrl }}
              />
            ) : null}
          </div>
          {i === 0 && providers.includes("x") ? (
            <div className="mt-2">
              <XLinkPreview text={post} />
            </div>
          ) : null}
        </div>
      ))}
      {threadable ? (
        <Button variant="secondary" disabled={posts.length >= MAX_POSTS} onClick={() => onChange([...posts, ""])}>
          Add a post to the thread
        </Button>
      ) : null}
    </div>
  );
}
