// Choosing where to publish: every connected account with its capabilities; accounts that
// cannot publish are shown with the reason and cannot be picked.
import { ProviderBadge, providerLabels } from "@/components/accounts/provider-badge";
import { capabilityLabels, facebookPageTaskLabels, withCodeLabels } from "@/components/labels/platform-labels";
import type { ProviderName } from "@/server/domain/accounts/providers";

export type PickableAccount = {
  accountId: string;
  provider: ProviderName;
  username: string;
  displayName: string;
  capabilities: { readPosts: boolean; publishPosts: boolean; schedulePosts: boolean; repostPosts: boolean };
  publishBlockers: string[];
};

export function AccountPicker({ accounts, selected, onToggle }: { accounts: PickableAccount[]; selected: string[]; onToggle(accountId: string): void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Publish to</legend>
      <p className="text-xs text-slate-500">Any mix of accounts: each gets the shared content, and its own tab changes what it alone receives.</p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {accounts.map((a) => {
          const can = a.capabilities.publishPosts;
          const checked = selected.includes(a.accountId);
          return (
            <li key={a.accountId}>
              <label
                className={`flex items-start gap-3 rounded-lg p-3 ring-1 ${checked ? "bg-brand-50 ring-brand-500" : "bg-white ring-slate-200"} ${can ? "cursor-pointer" : "cursor-not-allowed opacity-60"}`}
              >
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={checked}
                  disabled={!can}
                  onChange={() => onToggle(a.accountId)}
                  aria-label={`${providerLabels[a.provider]} @${a.username}`}
                />
                <ProviderBadge provider={a.provider} size="sm" />
                <span className="min-w-0 text-sm">
                  <span className="block truncate font-medium">{a.displayName || a.username}</span>
                  <span className="block truncate text-xs text-slate-600">
                    {providerLabels[a.provider]} · @{a.username}
                  </span>
                  <span className="mt-1 flex flex-wrap gap-1 text-[11px]">
                    {(["publishPosts", "schedulePosts", "readPosts", "repostPosts"] as const).map((c) => (
                      <span
                        key={c}
                        className={`rounded px-1 ${a.capabilities[c] ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-600 line-through"}`}
                      >
                        {capabilityLabels[c]}
                      </span>
                    ))}
                  </span>
                  {!can && a.publishBlockers.length ? (
                    <span className="mt-1 block text-xs text-red-700">
                      Cannot publish: {a.publishBlockers.map((b) => withCodeLabels(b, facebookPageTaskLabels)).join("; ")}
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
