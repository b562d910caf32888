import type { Metadata } from "next";
import { Calendar } from "@/components/calendar/calendar";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Calendar" };

export default function CalendarPage() {
  return (
    <>
      <PageHeader title="Calendar" description="Scheduled and published posts by day, in your time zone." />
      <Calendar />
    </>
  );
}
