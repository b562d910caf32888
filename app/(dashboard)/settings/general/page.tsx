import type { Metadata } from "next";
import { WorkspaceSettings } from "@/components/settings/workspace-settings";

export const metadata: Metadata = { title: "Workspace settings" };

export default function GeneralSettingsPage() {
  return <WorkspaceSettings />;
}
