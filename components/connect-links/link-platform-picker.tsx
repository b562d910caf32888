"use client";
import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { errorMessage, useTRPC } from "@/components/trpc";
import { ProviderBadge, providerLabels } from "@/components/accounts/provider-badge";
import type { ProviderName } from "@/server/domain/accounts/providers";

/** The link page's platform buttons: each starts that platform's sign-in and consent. */
export function LinkPlatformPicker({ token, providers }: { token: string; providers: ProviderName[] }) {
  const trpc = useTRPC();
  const start = useMutation(trpc.connectLinks.start.mutationOptions({ onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) }));
  return (
    <div className="mt-5">
      <h2 className="text-sm font-medium">Choose a platform</h2>
      <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {providers.map((p) => (
          <li key={p}>
            <button
              type="button"
              disabled={start.isPending}
              onClick={() => start.mutate({ token, provider: p })}
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-60"
            >
              <ProviderBadge provider={p} size="sm" />
              {providerLabels[p]}
            </button>
          </li>
        ))}
      </ul>
      {start.error ? (
        <div className="mt-3">
          <Alert>{errorMessage(start.error)}</Alert>
        </div>
      ) : null}
    </div>
  );
}
