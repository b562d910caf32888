import type { Metadata } from "next";
import { AccountSettings } from "@/components/settings/account-settings";

export const metadata: Metadata = { title: "Your account" };

export default function AccountSettingsPage() {
  return <AccountSettings />;
}
