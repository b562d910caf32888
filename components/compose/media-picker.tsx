"use client";
// Attaching media from the library: the chosen items in order (alt text for images), and the
// library to pick from. Which platform takes what is checked per account (target-checks.ts).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc";
import { formatDuration } from "@/components/media/upload-file";
import { pickedFromLibrary, type PickedMedia } from "./composition";

type Props = {
  picked: PickedMedia[];
  types: ("VIDEO" | "IMAGE")[];
  max: number;
  altText: boolean;
  onChange(media: PickedMedia[]): void;
};

export function MediaPicker({ picked, types, max, altText, onChange, label = "Media" }: Props & { label?: string }) {
  const trpc = useTRPC();
  const [type, setType] = useState<"VIDEO" | "IMAGE">(types[0] ?? "VIDEO");
  const shown = types.includes(type) ? type : types[0]!;
  const library = useQuery(trpc.media.list.queryOptions({ mediaType: shown, limit: 24, offset: 0 }));
  const pick = (m: PickedMedia) => onChange(max === 1 ? [m] : picked.length < max ? [...picked, m] : picked);
  const move = (i: number, by: number) => {
    const next = [...picked];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    onChange(next);
  };

  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-slate-700">
        {label} <span className="font-normal text-slate-500">({max === 1 ? "one item" : `up to ${max} items, in order`})</span>
      </p>
      {picked.length > 0 ? (
        <ol className="space-y-2" aria-label="Attached media">
          {picked.map((m, i) => (
            <li key={`${m.mediaId}-${i}`} className="flex items-center gap-3 rounded-md bg-white p-2 ring-1 ring-slate-200">
              <Thumb item={m} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium">{m.fileName}</p>
                {altText && m.mediaType === "IMAGE" ? (
                  <input
                    aria-label={`Alt text for ${m.fileName}`}
                    placeholder="Alt text (describes the image)"
                    maxLength={1000}
                    value={m.altText ?? ""}
                    onChange={(e) => onChange(picked.map((p, j) => (j === i ? { ...p, altText: e.target.value } : p)))}
                    className="mt-1 block w-full rounded border-0 px-2 py-1 text-xs ring-1 ring-inset ring-slate-300"
                  />
                ) : null}
              </div>
              {picked.length > 1 ? (
                <>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move ${m.fileName} earlier`}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    disabled={i === picked.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move ${m.fileName} later`}
                  >
                    ↓
                  </Button>
                </>
              ) : null}
              <Button variant="ghost" className="px-2 py-1 text-xs text-red-700" onClick={() => onChange(picked.filter((_, j) => j !== i))}>
                Remove<span className="sr-only"> {m.fileName}</span>
              </Button>
            </li>
          ))}
        </ol>
      ) : null}

      <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
        <div className="flex items-center justify-between">
          {types.length > 1 ? (
            <div role="tablist" aria-label="Library media type" className="inline-flex rounded-md bg-white p-0.5 ring-1 ring-slate-200">
              {types.map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={shown === t}
                  onClick={() => setType(t)}
                  className={`rounded px-2 py-1 text-xs font-medium ${shown === t ? "bg-slate-900 text-slate-50" : "text-slate-600"}`}
                >
                  {t === "VIDEO" ? "Videos" : "Images"}
                </button>
              ))}
            </div>
          ) : (
            <span className="text-xs font-medium text-slate-600">{shown === "VIDEO" ? "Videos" : "Images"} in your library</span>
          )}
          <Link href="/media" className="text-xs font-medium text-brand-700 hover:underline">
            Upload to the library
          </Link>
        </div>
        {library.data && library.data.media.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No {shown === "VIDEO" ? "videos" : "images"} yet.</p>
        ) : null}
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6" aria-label="Library">
          {library.data?.media.map((m) => {
            const item: PickedMedia = pickedFromLibrary(m);
            const isPicked = picked.some((p) => p.mediaId === m.mediaId);
            return (
              <li key={m.mediaId}>
                <button
                  type="button"
                  onClick={() => pick(item)}
                  disabled={isPicked || (max > 1 && picked.length >= max)}
                  className={`block w-full overflow-hidden rounded-md text-left ring-1 disabled:opacity-50 ${isPicked ? "ring-2 ring-brand-500" : "ring-slate-200 hover:ring-brand-500"}`}
                  aria-label={`Attach ${m.fileName}`}
                >
                  <Thumb item={item} />
                  <span className="block truncate px-1 py-0.5 text-[11px]">
                    {m.fileName}
                    {m.durationSeconds !== undefined ? ` · ${formatDuration(m.durationSeconds)}` : ""}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function Thumb({ item }: { item: PickedMedia }) {
  return (
    <span className="flex aspect-square w-full min-w-12 max-w-24 items-center justify-center overflow-hidden bg-slate-900">
      {item.mediaType === "IMAGE" ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={item.url} alt="" className="h-full w-full object-cover" />
      ) : (
        <video src={item.url} preload="metadata" muted className="h-full w-full object-contain" />
      )}
    </span>
  );
}
