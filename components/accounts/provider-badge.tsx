import { providerLabels, providerTable, type ProviderName } from "@/server/domain/accounts/providers";

export function ProviderBadge({ provider, size = "md" }: { provider: ProviderName; size?: "sm" | "md" }) {
  const dims = size === "sm" ? "h-6 w-6 text-xs" : "h-9 w-9 text-sm";
  return (
    <span
      aria-hidden
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ${dims} ${providerTable[provider].badge.className}`}
    >
      {providerTable[provider].badge.glyph}
    </span>
  );
}

export { providerLabels };
