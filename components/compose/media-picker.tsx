"use client";
// Attaching media from the library: the chosen items in order (alt text for images), and the
// library to pick from. Which platform takes what is checked per account (target-checks.ts).
// The library is one Tab stop (a listbox: arrow keys move, Enter or Space attaches or removes);
// focus never falls to the page when an item is attached or removed.
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { onTabKeyDown } from "@/components/ui/tab-keys";
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
  const listId = useId();
  const [type, setType] = useState<"VIDEO" | "IMAGE">(types[0] ?? "VIDEO");
  const shown = types.includes(type) ? type : types[0]!;
  const library = useQuery(trpc.media.list.queryOptions({ mediaType: shown, limit: 24, offset: 0 }));
  const items = library.data?.media ?? [];
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, items.length - 1));
  const listRef = useRef<HTMLUListElement>(null);
  const isPicked = (id: string) => picked.some((p) => p.mediaId === id);
  const full = max > 1 && picked.length >= max;
  const toggle = (m: PickedMedia) => {
    if (isPicked(m.mediaId)) onChange(picked.filter((p) => p.mediaId !== m.mediaId));
    else if (max === 1) onChange([m]);
    else if (!full) onChange([...picked, m]);
  };
  const focusOption = (i: number) => {
    setActive(i);
    listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[i]?.focus();
  };
  // Left/Right move by one, Up/Down by a row of the grid as laid out, Home/End to the ends.
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const options = [...(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
    if (options.length === 0) return;
    const perRow = Math.max(1, options.filter((o) => o.offsetTop === options[0]!.offsetTop).length);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current + perRow,
      ArrowUp: current - perRow,
      Home: 0,
      End: options.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      focusOption(Math.min(options.length - 1, Math.max(0, moves[e.key]!)));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const m = items[current];
      if (m) toggle(pickedFromLibrary(m));
    }
  };
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
              <Button
                variant="ghost"
                className="px-2 py-1 text-xs text-red-700"
                onClick={() => {
                  onChange(picked.filter((_, j) => j !== i));
                  // the button goes with its row: focus goes back to the library
                  listRef.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus();
                }}
              >
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
              {types.map((t, i) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={shown === t}
                  tabIndex={shown === t ? 0 : -1}
                  onClick={() => setType(t)}
                  onKeyDown={(e) => onTabKeyDown(e, i, types.length, (to) => setType(types[to]!))}
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
        {items.length > 0 ? (
          <ul
            ref={listRef}
            role="listbox"
            aria-label="Library"
            aria-multiselectable={max > 1 || undefined}
            aria-describedby={`${listId}-hint`}
            onKeyDown={onListKey}
            className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6"
          >
            {items.map((m, i) => {
              const item: PickedMedia = pickedFromLibrary(m);
              const attached = isPicked(m.mediaId);
              return (
                <li
                  key={m.mediaId}
                  role="option"
                  aria-selected={attached}
                  aria-disabled={(!attached && full) || undefined}
                  tabIndex={i === current ? 0 : -1}
                  onFocus={() => setActive(i)}
                  onClick={() => {
                    setActive(i);
                    toggle(item);
                  }}
                  className={`block w-full cursor-pointer overflow-hidden rounded-md text-left ring-1 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ${attached ? "ring-2 ring-brand-500" : "ring-slate-200 hover:ring-brand-500"}`}
                >
                  <Thumb item={item} />
                  <span className="block truncate px-1 py-0.5 text-[11px]">
                    {m.fileName}
                    {m.durationSeconds !== undefined ? ` · ${formatDuration(m.durationSeconds)}` : ""}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
        {items.length > 0 ? (
          <p id={`${listId}-hint`} className="mt-2 text-xs text-slate-500">
            Click or press Enter to attach an item, again to remove it; arrow keys move through the library.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Thumb({ item }: { item: PickedMedia }) {
  return (
    // black, not slate-900, which the dark theme turns near-white behind a video's first frame
    <span className="flex aspect-square w-full min-w-12 max-w-24 items-center justify-center overflow-hidden bg-black">
      {item.mediaType === "IMAGE" ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={item.url} alt="" className="h-full w-full object-cover" />
      ) : (
        <video src={item.url} preload="metadata" muted className="h-full w-full object-contain" />
      )}
    </span>
  );
}
