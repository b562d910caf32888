// Test-account tokens from the sandbox, obtained through its consent page as a user would
// (server/testing/sandbox-connect.ts), with the extra scopes the live suite's delete calls need:
// what LIVE_TARGET=sandbox and the suite's own test use instead of real accounts.
import type { ProviderName } from "../domain/accounts/providers.ts";
import { platformConfig } from "../platforms/config.ts";
import { adapterFor } from "../platforms/registry.ts";
import type { ConsentChoices } from "../sandbox/headless-consent.ts";
import { connect } from "../testing/sandbox-connect.ts";
import { liveProviders, tokenVariables, type LiveProvider } from "./live-env.ts";

const extraScopes: Partial<Record<ProviderName, string[]>> = {
  threads: ["threads_delete"],
  youtube: ["https://www.googleapis.com/auth/youtube"],
};

const choices: Partial<Record<ProviderName, ConsentChoices>> = {
  instagram: { accountType: "BUSINESS" },
  facebook: { pageName: "Live Suite Page" },
};

export type SandboxAccount = { provider: LiveProvider; token: string; username: string; accountId: string };

/**
 * One fresh sandbox account per platform (PLATFORMS=sandbox and SANDBOX_URL must point at it).
 * With linkedinReads, the sandbox's LinkedIn app is first given the restricted product that
 * reads posts (a change to the whole sandbox, so only for a sandbox of one's own); without it the
 * LinkedIn account has the self-serve scopes, as most real apps do, and cannot list.
 */
export async function sandboxAccounts(only: readonly LiveProvider[] = liveProviders, opts: { linkedinReads?: boolean } = {}): Promise<SandboxAccount[]> {
  const accounts: SandboxAccount[] = [];
  for (const provider of only) {
    const adapter = adapterFor(provider);
    let extra = extraScopes[provider] ?? [];
    if (provider === "linkedin" && opts.linkedinReads) {
      const res = await fetch(`${platformConfig().sandboxUrl}/_sandbox/linkedin/products`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ products: ["sign-in-openid", "share-on-linkedin", "r-member-social"] }),
      });
      if (!res.ok) throw new Error(`the sandbox refused the LinkedIn products: ${res.status} ${await res.text()}`);
      extra = ["r_member_social"];
    }
    const scopes = extra.length > 0 ? [...adapter.defaultScopes, ...extra] : undefined;
    const { tokens, identity } = await connect(adapter, choices[provider] ?? {}, { scopes });
    accounts.push({ provider, token: tokens.accessToken, username: identity.username, accountId: identity.providerAccountId });
  }
  return accounts;
}

/** The accounts as the suite's environment variables. */
export const liveVariables = (accounts: SandboxAccount[]) => Object.fromEntries(accounts.map((a) => [tokenVariables[a.provider], a.token]));
