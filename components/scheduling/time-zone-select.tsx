"use client";
import { useMemo } from "react";
import { allTimeZones } from "./use-time-zone";

export function TimeZoneSelect({ value, onChange, label = "Time zone" }: { value: string; onChange: (zone: string) => void; label?: string }) {
  const zones = useMemo(() => {
    const list = allTimeZones();
    return list.includes(value) ? list : [value, ...list];
  }, [value]);
  return (
    <label className="text-sm">
      <span className="mr-2 text-slate-600">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className="rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300">
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </label>
  );
}
