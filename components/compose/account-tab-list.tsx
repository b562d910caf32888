"use client";
// The composer's tabs ("All accounts" and one per chosen account). With more accounts than fit,
// the row scrolls sideways and a line under it says, for each side, how many tabs are out of sight
// and how many of those need changes, so a tab needing changes is never silently cut off.
import { useCallback, useEffect, useRef, useState } from "react";
import { onTabKeyDown } from "@/components/ui/tab-keys";

export type AccountTabItem = { id: string; label: string; problems: number };
type OutOfSight = { before: number; beforeProblems: number; after: number; afterProblems: number };
const none: OutOfSight = { before: 0, beforeProblems: 0, after: 0, afterProblems: 0 };

export function AccountTabList({ tabs, active, onSelect }: { tabs: AccountTabItem[]; active: string; onSelect(id: string): void }) {
  const list = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<OutOfSight>(none);

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const box = el.getBoundingClientRect();
    const next = { ...none };
    el.querySelectorAll<HTMLElement>('[role="tab"]').forEach((tab) => {
      // out of sight: any of it cut off by an edge (but for subpixels), so a half-hidden tab that
      // needs changes is still named
      const r = tab.getBoundingClientRect();
      const problems = tab.dataset.problems === "true" ? 1 : 0;
      if (r.left < box.left - 1) {
        next.before++;
        next.beforeProblems += problems;
      } else if (r.right > box.right + 1) {
        next.after++;
        next.afterProblems += problems;
      }
    });
    setHidden((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }, []);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, [measure, tabs]);

  const scroll = (direction: 1 | -1) => list.current?.scrollBy({ left: direction * list.current.clientWidth * 0.8, behavior: "smooth" });
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.id === active),
  );

  return (
    <div>
      <div ref={list} role="tablist" aria-label="Content for" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls="compose-panel"
            tabIndex={i === index ? 0 : -1}
            data-problems={t.problems > 0}
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => onTabKeyDown(e, i, tabs.length, (to) => onSelect(tabs[to]!.id))}
            onFocus={(e) => e.currentTarget.scrollIntoView({ block: "nearest", inline: "nearest" })}
            className={`shrink-0 whitespace-nowrap rounded-t-md px-3 py-2 text-sm font-medium ${active === t.id ? "bg-white text-slate-900 ring-1 ring-slate-200" : "text-slate-600 hover:text-slate-900"}`}
          >
            {t.label}
            {t.problems ? <span className="ml-1 inline-block h-2 w-2 rounded-full bg-red-600" aria-hidden="true" /> : null}
            {t.problems ? <span className="sr-only"> (needs changes)</span> : null}
          </button>
        ))}
      </div>
      {hidden.before || hidden.after ? (
        <div className="flex justify-between gap-2 pt-1">
          {hidden.before ? <MoreButton direction={-1} count={hidden.before} problems={hidden.beforeProblems} onClick={() => scroll(-1)} /> : <span />}
          {hidden.after ? <MoreButton direction={1} count={hidden.after} problems={hidden.afterProblems} onClick={() => scroll(1)} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** Not a Tab stop: keyboard users reach every tab with the arrow keys, which scroll it into view. */
function MoreButton({ direction, count, problems, onClick }: { direction: 1 | -1; count: number; problems: number; onClick(): void }) {
  const text = `${count} more${problems ? `, ${problems} ${problems === 1 ? "needs" : "need"} changes` : ""}`;
  return (
    <button
      type="button"
      tabIndex={-1}
      onClick={onClick}
      data-testid={direction === 1 ? "tabs-more-after" : "tabs-more-before"}
      className={`flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium hover:bg-slate-100 ${problems ? "text-red-700" : "text-slate-600"}`}
    >
      {direction === -1 ? <span aria-hidden="true">‹</span> : null}
      {problems ? <span className="inline-block h-2 w-2 rounded-full bg-red-600" aria-hidden="true" /> : null}
      <span>
        <span className="sr-only">{direction === 1 ? "Show tabs further right: " : "Show tabs further left: "}</span>
        {text}
      </span>
      {direction === 1 ? <span aria-hidden="true">›</span> : null}
    </button>
  );
}
