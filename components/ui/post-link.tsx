// A published post's link, one way everywhere (Compose results, Jobs, Posts, the Calendar). In
// sandbox mode the post exists only in the platform sandbox: the link opens the sandbox's page of
// it (what the platform received), and the real platform's link is shown beside it, labelled,
// since it leads nowhere. The API computes `sandboxUrl` (server/sandbox/sandbox-link.ts).
import { providerLabels } from "@/components/accounts/provider-badge";
import type { ProviderName } from "@/server/domain/accounts/providers";

export function PostLink({ permalink, sandboxUrl, provider }: { permalink: string; sandboxUrl?: string | null; provider: ProviderName }) {
  const platform = providerLabels[provider];
  if (!sandboxUrl)
    return (
      <a href={permalink} target="_blank" rel="noreferrer" className="break-all text-brand-700 hover:underline" data-testid="post-link">
        View on {platform}
      </a>
    );
  return (
    <span className="flex flex-col gap-0.5" data-testid="post-link">
      <a href={sandboxUrl} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline" data-testid="post-link-sandbox">
        View in the platform sandbox<span className="sr-only"> (what {platform} received)</span>
      </a>
      <span className="text-xs text-slate-600">
        Real {platform} link (the post is only in the sandbox):{" "}
        <a href={permalink} target="_blank" rel="noreferrer" className="break-all text-slate-600 underline" data-testid="post-link-real">
          {permalink}
        </a>
      </span>
    </span>
  );
}
