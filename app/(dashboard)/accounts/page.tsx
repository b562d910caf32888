import type { Metadata } from "next";
import { AccountList } from "@/components/accounts/account-list";
import { PageHeader } from "@/components/ui/card";
import { blueskyOAuthAvailable } from "@/server/domain/accounts/bluesky-oauth-availability";
import { platformConfig } from "@/server/platforms/config";

export const metadata: Metadata = { title: "Accounts" };

export default function AccountsPage() {
  const config = platformConfig();
  const sandbox = config.mode === "sandbox";
  // what the app-password form (Bluesky) shows: its default server, and in sandbox mode where to make a test account
  const passwordDefaults = {
    server: new URL(config.endpoints.bluesky.server).origin,
    ...(sandbox ? { createAccountUrl: `${config.sandboxUrl}/_sandbox/bluesky` } : {}),
    oauth: blueskyOAuthAvailable(),
  };
  return (
    <>
      <PageHeader title="Accounts" description="Social accounts connected to this workspace and what each can do." />
      <AccountList sandbox={sandbox} mastodonInstance={config.endpoints.mastodon.instance} passwordDefaults={passwordDefaults} />
    </>
  );
}
