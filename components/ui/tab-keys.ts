// The WAI-ARIA tabs pattern's keyboard: Left/Right move to the previous/next tab (wrapping),
// Home/End to the first/last, and the tab moved to is selected and focused. Only the selected tab
// is a Tab stop (tabIndex 0, the others -1), so Tab leaves the tab list at once.
import type { KeyboardEvent } from "react";

/** The index a key moves to from `index` among `count` tabs, or null for any other key. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** onKeyDown of a role="tab" element: selects the tab a key moves to and focuses it. */
export function onTabKeyDown(e: KeyboardEvent<HTMLElement>, index: number, count: number, select: (index: number) => void): void {
  const to = tabKeyTarget(e.key, index, count);
  if (to === null) return;
  e.preventDefault();
  select(to);
  const tabs = e.currentTarget.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]');
  tabs?.[to]?.focus();
}
