"use client";
import { providers, type ProviderName } from "@/server/domain/accounts/providers";
import { providerLabels } from "./provider-badge";

/** "Platform: All | Threads | X | …", the filter of the jobs and posts lists. */
export function ProviderFilter({ value, onChange }: { value: ProviderName | undefined; onChange: (provider: ProviderName | undefined) => void }) {
  return (
    <label className="text-sm">
      <span className="mr-2 text-slate-600">Platform</span>
      <select
        value={value ?? ""}
        onChange={(e) => onChange((e.target.value || undefined) as ProviderName | undefined)}
        className="rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
      >
        <option value="">All</option>
        {providers.map((p) => (
          <option key={p} value={p}>
            {providerLabels[p]}
          </option>
        ))}
      </select>
    </label>
  );
}
