import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Carousels" };

export default function CarouselsPage() {
  return (
    <>
      <PageHeader title="Carousels" description="Image carousels generated from a topic, a text or a link." />
      <EmptyState title="No carousels yet">Carousels generated in this workspace will be listed here.</EmptyState>
    </>
  );
}
