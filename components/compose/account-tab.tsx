// One account's tab: what it alone receives instead of the shared content (text and thread,
// media, first comment), its platform's options, and what it would refuse.
import { providerLabels } from "@/components/accounts/provider-badge";
import { Button } from "@/components/ui/button";
import { noFirstCommentProviders, type ProviderName } from "@/server/domain/accounts/providers";
import { takesFirstComment, threadProviders, type Composition, type Overrides, type TargetState } from "./composition";
import { MediaPicker } from "./media-picker";
import { BlueskyOptions, FacebookOptions, InstagramOptions, MastodonOptions, TiktokOptions, YoutubeOptions } from "./mode-options";
import type { InstanceLimits } from "./mastodon-preview";
import { ThreadEditor } from "./thread-editor";

/** Platforms with options of their own in a tab. */
const withOptions: readonly ProviderName[] = ["instagram", "youtube", "facebook", "tiktok", "bluesky", "mastodon"];

type Props = {
  accountId: string;
  provider: ProviderName;
  composition: Composition;
  target: TargetState;
  problems: string[];
  /** Mastodon: the account's instance limits, when known */
  instanceLimits?: InstanceLimits;
  onTarget(next: TargetState): void;
};

function OverrideSwitch({ label, on, onChange }: { label: string; on: boolean; onChange(on: boolean): void }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
      <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function AccountTab({ accountId, provider, composition, target, problems, instanceLimits, onTarget }: Props) {
  const shared = composition.content;
  const o = target.overrides;
  const setOverrides = (patch: Partial<Overrides>) => {
    const next: Overrides = { ...o, ...patch };
    for (const k of Object.keys(next) as (keyof Overrides)[]) if (next[k] === undefined) delete next[k];
    onTarget({ ...target, overrides: next });
  };
  const threadable = threadProviders.includes(provider);
  const ownText = o.text !== undefined;
  const comment = takesFirstComment(provider, target);
  const noComment = noFirstCommentProviders.includes(provider);

  return (
    <div className="space-y-4" data-testid="account-tab" data-account={accountId}>
      {problems.length ? (
        <ul className="list-inside list-disc rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="tab-problems" aria-label="Problems for this account">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}

      <section className="space-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200" aria-label="Text for this account">
        <OverrideSwitch
          label="Different text for this account"
          on={ownText}
          onChange={(on) => setOverrides(on ? { text: shared.text, ...(threadable ? { thread: shared.thread } : {}) } : { text: undefined, thread: undefined })}
        />
        {ownText ? (
          <ThreadEditor
            idPrefix={`own-${accountId}`}
            posts={[o.text ?? "", ...(threadable ? (o.thread ?? shared.thread) : [])]}
            providers={[provider]}
            threadable={threadable}
            mastodonLimits={instanceLimits}
            onChange={([text = "", ...thread]) => setOverrides({ text, ...(threadable ? { thread } : {}) })}
          />
        ) : (
          <p className="text-xs text-slate-500">Uses the text of “All accounts”.</p>
        )}
      </section>

      <section className="space-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200" aria-label="Media for this account">
        {provider === "linkedin" && target.linkedinCarouselId ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>Posted as a document (PDF) of the carousel&apos;s slides.</span>
            <Button variant="secondary" onClick={() => onTarget({ ...target, linkedinCarouselId: undefined })}>
              Post media instead
            </Button>
          </div>
        ) : (
          <>
            <OverrideSwitch
              label="Different media for this account"
              on={o.media !== undefined}
              onChange={(on) => setOverrides({ media: on ? shared.media : undefined })}
            />
            {o.media !== undefined ? (
              <MediaPicker
                label="Media for this account"
                picked={o.media}
                types={["IMAGE", "VIDEO"]}
                max={20}
                altText
                onChange={(media) => setOverrides({ media })}
              />
            ) : (
              <p className="text-xs text-slate-500">Uses the media of “All accounts”.</p>
            )}
          </>
        )}
      </section>

      {comment ? (
        <section className="space-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200" aria-label="First comment for this account">
          <OverrideSwitch
            label="Different first comment for this account"
            on={o.firstComment !== undefined}
            onChange={(on) => setOverrides({ firstComment: on ? shared.firstComment : undefined })}
          />
          {o.firstComment !== undefined ? (
            <label className="block text-sm text-slate-700">
              First comment for this account <span className="text-xs text-slate-500">(empty: none)</span>
              <textarea
                value={o.firstComment ?? ""}
                rows={2}
                onChange={(e) => setOverrides({ firstComment: e.target.value })}
                className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
              />
            </label>
          ) : null}
        </section>
      ) : (
        <p className="text-xs text-slate-500">{noComment ? `${providerLabels[provider]} takes no first comment.` : "A Story takes no first comment."}</p>
      )}

      {withOptions.includes(provider) ? (
        <section className="space-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200" aria-label={`${providerLabels[provider]} options`}>
          {provider === "instagram" ? (
            <InstagramOptions value={target.instagram} set={(p) => onTarget({ ...target, instagram: { ...target.instagram, ...p } })} />
          ) : null}
          {provider === "youtube" ? <YoutubeOptions value={target.youtube} set={(p) => onTarget({ ...target, youtube: { ...target.youtube, ...p } })} /> : null}
          {provider === "facebook" ? (
            <FacebookOptions value={target.facebook} set={(p) => onTarget({ ...target, facebook: { ...target.facebook, ...p } })} />
          ) : null}
          {provider === "tiktok" ? <TiktokOptions value={target.tiktok} set={(p) => onTarget({ ...target, tiktok: { ...target.tiktok, ...p } })} /> : null}
          {provider === "mastodon" ? (
            <MastodonOptions value={target.mastodon} set={(p) => onTarget({ ...target, mastodon: { ...target.mastodon, ...p } })} />
          ) : null}
          {provider === "bluesky" ? <BlueskyOptions value={target.bluesky} set={(p) => onTarget({ ...target, bluesky: { ...target.bluesky, ...p } })} /> : null}
        </section>
      ) : null}
    </div>
  );
}
