"use client";
// The time zone the user plans in: chosen once (calendar or composer), remembered in this
// browser, the browser's own zone until then.
import { useCallback, useSyncExternalStore } from "react";

const KEY = "posteady.timezone";
const listeners = new Set<() => void>();

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const read = () => window.localStorage.getItem(KEY) ?? browserZone();

export function useTimeZone(): [string, (zone: string) => void] {
  const zone = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    read,
    () => "UTC",
  );
  const set = useCallback((next: string) => {
    window.localStorage.setItem(KEY, next);
    listeners.forEach((l) => l());
  }, []);
  return [zone, set];
}

export const allTimeZones = (): string[] => Intl.supportedValuesOf("timeZone");
