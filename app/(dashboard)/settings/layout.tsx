import { PageHeader } from "@/components/ui/card";
import { SettingsTabs } from "@/components/settings/settings-tabs";

export default function SettingsLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <PageHeader title="Settings" description="This workspace's details, API keys, webhooks and feeds, and your own account." />
      <SettingsTabs />
      <div className="mt-6">{children}</div>
    </>
  );
}
