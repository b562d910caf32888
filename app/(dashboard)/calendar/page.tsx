import type { Metadata } from "next";
import { Calendar } from "@/components/calendar/calendar";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Calendar" };

export default function CalendarPage() {
  return (
    <>
      <PageHeader title="Calendar" description="Every post on its day, in your time zone: published, scheduled and drafts." />
      <Calendar />
    </>
  );
}
