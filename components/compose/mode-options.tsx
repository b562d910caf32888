// Per-mode options of a media post, with counters in each platform's unit.
import { tiktokPrivacyLabels } from "@/components/labels/platform-labels";
import { CharCounter } from "./char-counter";
import type { Draft } from "./draft";

type Setter<K extends keyof Draft> = (patch: Partial<Draft[K]>) => void;

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

function TextArea({
  label,
  value,
  onChange,
  limit,
  unit,
  rows = 3,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  limit: number;
  unit: "characters" | "utf16";
  rows?: number;
}) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <textarea value={value} rows={rows} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      <span className="mt-1 block">
        <CharCounter label={label} text={value} limit={limit} unit={unit} />
      </span>
    </label>
  );
}

export function TiktokOptions({
  caption,
  onCaption,
  value,
  set,
}: {
  caption: string;
  onCaption(v: string): void;
  value: Draft["tiktok"];
  set: Setter<"tiktok">;
}) {
  return (
    <div className="space-y-3">
      <TextArea label="Caption" value={caption} onChange={onCaption} limit={2200} unit="utf16" />
      <p className="text-xs text-slate-500">Visible to: {tiktokPrivacyLabels.PUBLIC_TO_EVERYONE}.</p>
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

export function InstagramOptions({ value, set }: { value: Draft["instagram"]; set: Setter<"instagram"> }) {
  return (
    <div className="space-y-3">
      <Choice
        label="Content type"
        value={value.contentType}
        onChange={(contentType) => set({ contentType })}
        options={[
          { value: "FEED", label: "Feed: one image, or a carousel of 2–10" },
          { value: "REELS", label: "Reel: one video" },
          { value: "STORIES", label: "Story: one image or video, no caption" },
        ]}
      />
      {value.contentType !== "STORIES" ? (
        <TextArea label="Caption" value={value.caption} onChange={(caption) => set({ caption })} limit={2200} unit="characters" />
      ) : null}
      {value.contentType === "REELS" ? (
        <Check label="Also share to the feed" checked={value.shareToFeed} onChange={(shareToFeed) => set({ shareToFeed })} />
      ) : null}
    </div>
  );
}

export function YoutubeOptions({ value, set }: { value: Draft["youtube"]; set: Setter<"youtube"> }) {
  return (
    <div className="space-y-3">
      <label className="block text-sm font-medium text-slate-700">
        Title
        <input value={value.title} onChange={(e) => set({ title: e.target.value })} className={inputClass} />
        <span className="mt-1 block">
          <CharCounter label="Title" text={value.title} limit={100} unit="characters" />
        </span>
      </label>
      <TextArea label="Description" value={value.description} onChange={(description) => set({ description })} limit={5000} unit="characters" rows={4} />
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

export function FacebookOptions({ value, set }: { value: Draft["facebook"]; set: Setter<"facebook"> }) {
  return (
    <div className="space-y-3">
      <Choice
        label="Content type"
        value={value.contentType}
        onChange={(contentType) => set({ contentType })}
        options={[
          { value: "FEED", label: "Feed: text, one video, or 1–10 images" },
          { value: "REELS", label: "Reel: one video of 3–90 seconds" },
          { value: "STORY", label: "Story: one image or video, no message" },
        ]}
      />
      {value.contentType !== "STORY" ? (
        <TextArea label="Message" value={value.message} onChange={(message) => set({ message })} limit={63206} unit="characters" rows={4} />
      ) : null}
    </div>
  );
}
