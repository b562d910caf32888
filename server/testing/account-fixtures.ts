// Connected accounts for tests, through the real OAuth flow against the stack's sandbox.
import { completeConnect, startConnect } from "../domain/accounts/connect-account.ts";
import { connectBlueskyAccount } from "./bluesky-fixtures.ts";
import type { ProviderName } from "../domain/accounts/providers.ts";
import type { Scope } from "../domain/access.ts";
import { consentHeadlessly, type ConsentChoices } from "../sandbox/headless-consent.ts";

export async function connectAccount(scope: Scope, provider: ProviderName, choices: ConsentChoices = {}, app?: "business" | "login-kit") {
  // Bluesky signs in with an app password on the sandbox's real PDS: no consent page
  if (provider === "bluesky") return connectBlueskyAccount(scope);
  const { authorizeUrl } = await startConnect(scope, { provider, app });
  const username = choices.username ?? `${provider}_${crypto.randomUUID().slice(0, 8)}`;
  const back = await consentHeadlessly(authorizeUrl, {
    ...choices,
    username,
    ...(provider === "facebook" ? { pageName: choices.pageName ?? `Page ${username}` } : {}),
  });
  const { accounts } = await completeConnect({
    provider,
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    error: back.searchParams.get("error"),
    userId: scope.actor.kind === "system" ? null : scope.actor.userId,
  });
  return accounts[0]!;
}
