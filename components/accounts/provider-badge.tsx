import { providerLabels, type ProviderName } from "@/server/domain/accounts/providers";

const colors: Record<ProviderName, string> = {
  threads: "bg-neutral-900",
  x: "bg-black",
  linkedin: "bg-[#0a66c2]",
  tiktok: "bg-[#111] ring-2 ring-[#25f4ee]",
  instagram: "bg-gradient-to-br from-[#f58529] via-[#dd2a7b] to-[#515bd4]",
  youtube: "bg-[#ff0000]",
  facebook: "bg-[#1877f2]",
};

const glyph: Record<ProviderName, string> = { threads: "@", x: "X", linkedin: "in", tiktok: "♪", instagram: "◎", youtube: "▶", facebook: "f" };

export function ProviderBadge({ provider, size = "md" }: { provider: ProviderName; size?: "sm" | "md" }) {
  const dims = size === "sm" ? "h-6 w-6 text-xs" : "h-9 w-9 text-sm";
  return (
    <span aria-hidden className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ${dims} ${colors[provider]}`}>
      {glyph[provider]}
    </span>
  );
}

export { providerLabels };
