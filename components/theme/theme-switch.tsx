"use client";
// System / Light / Dark, as a labelled select: keyboard- and screen-reader-friendly without a menu widget.
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

export function ThemeSwitch() {
  const { theme, setTheme } = useTheme();
  // The stored choice is only known in the browser: render the control once mounted.
  const mounted = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      <span>Theme</span>
      <select
        value={mounted ? (theme ?? "system") : "system"}
        onChange={(e) => setTheme(e.target.value)}
        className="rounded-md border-0 bg-white py-1 pl-2 pr-7 text-sm text-slate-800 ring-1 ring-inset ring-slate-300"
        data-testid="theme-switch"
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}
