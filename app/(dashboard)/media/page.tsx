import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Media" };

export default function MediaPage() {
  return (
    <>
      <PageHeader title="Media" description="Videos and images of this workspace, ready to publish." />
      <EmptyState title="The media library is empty">Confirmed uploads of this workspace will be listed here.</EmptyState>
    </>
  );
}
