import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Calendar" };

export default function CalendarPage() {
  return (
    <>
      <PageHeader title="Calendar" description="Scheduled and published posts by day." />
      <EmptyState title="No scheduled posts">Posts you schedule will appear here on their day.</EmptyState>
    </>
  );
}
