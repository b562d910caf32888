import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Jobs" };

export default function JobsPage() {
  return (
    <>
      <PageHeader title="Jobs" description="Every media publishing job of this workspace and its status." />
      <EmptyState title="No publish jobs">Media posts you publish or schedule will be tracked here.</EmptyState>
    </>
  );
}
