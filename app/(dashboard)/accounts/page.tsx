import type { Metadata } from "next";
import { AccountList } from "@/components/accounts/account-list";
import { PageHeader } from "@/components/ui/card";
import { platformConfig } from "@/server/platforms/config";

export const metadata: Metadata = { title: "Accounts" };

export default function AccountsPage() {
  return (
    <>
      <PageHeader title="Accounts" description="Social accounts connected to this workspace and what each can do." />
      <AccountList sandbox={platformConfig().mode === "sandbox"} mastodonInstance={platformConfig().endpoints.mastodon.instance} />
    </>
  );
}
