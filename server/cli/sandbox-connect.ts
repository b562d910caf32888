// `cli sandbox connect`: the real OAuth flow against the sandbox, without a browser: start the
// connection, answer the sandbox consent page as a user would, and complete it.
import { completeConnect, startConnect } from "../domain/accounts/connect-account.ts";
import { providerTable, type ProviderName } from "../domain/accounts/providers.ts";
import { AppError } from "../errors.ts";
import { platformConfig } from "../platforms/config.ts";
import { consentHeadlessly } from "../sandbox/headless-consent.ts";
import type { AppKind } from "../platforms/types.ts";
import { systemScope } from "../scope.ts";
import type { Scope } from "../domain/access.ts";
import { connectWithAppPassword } from "../domain/accounts/connect-password.ts";

const instagramTypes: Record<string, string> = { business: "BUSINESS", creator: "MEDIA_CREATOR", personal: "PERSONAL" };

export type SandboxConnectOptions = {
  workspace: string;
  provider: ProviderName;
  username?: string;
  displayName?: string;
  accountType?: "business" | "creator" | "personal";
  scopes?: string[];
  tiktokConnection?: AppKind;
  pageName?: string;
  pageTasks?: string[];
  profile?: string;
  /** mastodon: the instance's address (default: MASTODON_INSTANCE_URL, the sandbox's mastodon.social) */
  instance?: string;
};

export async function sandboxConnect(opts: SandboxConnectOptions) {
  const config = platformConfig();
  if (config.mode !== "sandbox") throw new AppError("CONFLICT", "sandbox connect works only in the sandbox mode (PLATFORMS=sandbox)");
  const scope = await systemScope(opts.workspace);
  if (providerTable[opts.provider].connect.method === "password") return [await passwordConnect(scope, opts, config.sandboxUrl)];
  const { authorizeUrl } = await startConnect(scope, {
    provider: opts.provider,
    app: providerTable[opts.provider].connect.apps ? opts.tiktokConnection : undefined,
    ...(opts.instance ? { instance: opts.instance } : {}),
  });
  let back: URL;
  try {
    back = await consentHeadlessly(authorizeUrl, {
      profileId: opts.profile,
      username: opts.username,
      displayName: opts.displayName,
      accountType: opts.accountType ? instagramTypes[opts.accountType] : undefined,
      scopes: opts.scopes,
      pageName: opts.pageName,
      pageTasks: opts.pageTasks,
    });
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code === "ECONNREFUSED") {
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        `The platform sandbox is not running at ${config.sandboxUrl}; start the service with \`npm start\` (or \`npm run sandbox\`)`,
      );
    }
    throw err;
  }
  const result = await completeConnect({
    provider: opts.provider,
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    error: back.searchParams.get("error"),
    errorDescription: back.searchParams.get("error_description"),
    userId: null,
  });
  return result.accounts;
}

/**
 * Bluesky has no consent page: the sandbox's real PDS makes an account and an app password (as a
 * user does on bsky.social), which are then connected like any account's.
 */
async function passwordConnect(scope: Scope, opts: SandboxConnectOptions, sandboxUrl: string) {
  let res: Response;
  try {
    res = await fetch(`${sandboxUrl}/_sandbox/bluesky/accounts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ handle: opts.username }),
    });
  } catch {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      `The platform sandbox is not running at ${sandboxUrl}; start the service with \`npm start\` (or \`npm run sandbox\`)`,
    );
  }
  const made = (await res.json()) as { handle?: string; appPassword?: string; error?: string };
  if (!res.ok || !made.handle || !made.appPassword)
    throw new AppError("CONNECTION_FAILED", `The sandbox could not make a Bluesky account: ${made.error ?? res.status}`);
  return connectWithAppPassword(scope, { provider: opts.provider, identifier: made.handle, appPassword: made.appPassword });
}
