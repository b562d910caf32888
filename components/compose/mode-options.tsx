// A media platform's own options for one account (the text, media and first comment come from
// the composition and the account's overrides), with counters in the platform's unit.
import { useId } from "react";
import { mastodonVisibilityLabels, tiktokPrivacyLabels } from "@/components/labels/platform-labels";
import { YOUTUBE_TITLE } from "@/server/domain/publishing/media-rules";
import { CharCounter } from "./char-counter";
import type {
  BlueskyOptions as Bs,
  FacebookOptions as Fb,
  InstagramOptions as Ig,
  MastodonOptions as Md,
  MastodonVisibility,
  TiktokOptions as Tt,
  YoutubeOptions as Yt,
} from "./composition";

type Setter<T> = (patch: Partial<T>) => void;

const inputClass = "mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500";

function Check({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange(v: boolean): void; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-0.5" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}

/** A text input named by its label alone; the hint is its description. */
function TextField({ label, hint, value, onChange }: { label: string; hint: string; value: string; onChange(v: string): void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} aria-describedby={`${id}-hint`} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      <span id={`${id}-hint`} className="mt-1 block text-xs text-slate-500">
        {hint}
      </span>
    </div>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange(v: T): void;
}) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as T)} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TiktokOptions({ value, set }: { value: Tt; set: Setter<Tt> }) {
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-500">Visible to: {tiktokPrivacyLabels.PUBLIC_TO_EVERYONE}. The text is the video's caption.</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Check label="Turn off comments" checked={value.disableComment} onChange={(v) => set({ disableComment: v })} />
        <Check label="Turn off duets" checked={value.disableDuet} onChange={(v) => set({ disableDuet: v })} />
        <Check label="Turn off stitches" checked={value.disableStitch} onChange={(v) => set({ disableStitch: v })} />
        <Check label="Promotes my own brand" checked={value.brandOrganicToggle} onChange={(v) => set({ brandOrganicToggle: v })} />
        <Check label="Branded content (paid partnership)" checked={value.brandContentToggle} onChange={(v) => set({ brandContentToggle: v })} />
      </div>
    </div>
  );
}

export function InstagramOptions({ value, set }: { value: Ig; set: Setter<Ig> }) {
  return (
    <div className="space-y-3">
      <Choice
        label="Instagram content type"
        value={value.contentType}
        onChange={(contentType) => set({ contentType })}
        options={[
          { value: "FEED", label: "Feed: one image, or a carousel of 2–10" },
          { value: "REELS", label: "Reel: one video" },
          { value: "STORIES", label: "Story: one image or video, no caption" },
        ]}
      />
      {value.contentType === "REELS" ? (
        <Check label="Also share to the feed" checked={value.shareToFeed} onChange={(shareToFeed) => set({ shareToFeed })} />
      ) : null}
    </div>
  );
}

export function YoutubeOptions({ value, set }: { value: Yt; set: Setter<Yt> }) {
  return (
    <div className="space-y-3">
      <label className="block text-sm font-medium text-slate-700">
        Video title
        <input value={value.title} onChange={(e) => set({ title: e.target.value })} className={inputClass} />
        <span className="mt-1 block">
          <CharCounter label="Title" text={value.title} limit={YOUTUBE_TITLE} unit="characters" />
        </span>
      </label>
      <p className="text-xs text-slate-500">The text is the video&apos;s description.</p>
      <Choice
        label="Privacy"
        value={value.privacyStatus}
        onChange={(privacyStatus) => set({ privacyStatus })}
        options={[
          { value: "public", label: "Public" },
          { value: "unlisted", label: "Unlisted" },
          { value: "private", label: "Private" },
        ]}
      />
      <Check
        label="Made for kids"
        hint="Required by children's-privacy rules for content made for children"
        checked={value.madeForKids}
        onChange={(madeForKids) => set({ madeForKids })}
      />
    </div>
  );
}

export function FacebookOptions({ value, set }: { value: Fb; set: Setter<Fb> }) {
  return (
    <Choice
      label="Facebook content type"
      value={value.contentType}
      onChange={(contentType) => set({ contentType })}
      options={[
        { value: "FEED", label: "Feed: text, one video, or 1–10 images" },
        { value: "REELS", label: "Reel: one video of 3–90 seconds" },
        { value: "STORY", label: "Story: one image or video, no message" },
      ]}
    />
  );
}

export function MastodonOptions({ value, set }: { value: Md; set: Setter<Md> }) {
  return (
    <div className="space-y-3">
      <TextField
        label="Content warning"
        hint="Optional: shown instead of the text until a reader opens it; it counts toward the instance's limit."
        value={value.spoilerText}
        onChange={(spoilerText) => set({ spoilerText })}
      />
      <Choice
        label="Visibility"
        value={value.visibility}
        onChange={(visibility) => set({ visibility })}
        options={(Object.keys(mastodonVisibilityLabels) as MastodonVisibility[]).map((v) => ({ value: v, label: mastodonVisibilityLabels[v] }))}
      />
      <Check
        label="Sensitive media"
        hint="Images and video stay hidden behind a warning until opened"
        checked={value.sensitive}
        onChange={(sensitive) => set({ sensitive })}
      />
      <TextField label="Language" hint="Optional: an ISO 639 code such as en or de." value={value.language} onChange={(language) => set({ language })} />
    </div>
  );
}

export function BlueskyOptions({ value, set }: { value: Bs; set: Setter<Bs> }) {
  return (
    <TextField
      label="Languages"
      hint="Optional: up to 3 language tags (BCP 47), separated by commas, such as en, pt-BR."
      value={value.langs}
      onChange={(langs) => set({ langs })}
    />
  );
}
