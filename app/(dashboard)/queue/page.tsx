import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { QueuePage } from "@/components/queue/queue-page";

export const metadata: Metadata = { title: "Queue" };

export default function Queue() {
  return (
    <>
      <PageHeader
        title="Queue"
        description="Set each account's weekly posting slots once; posts you add to its queue take the next free slot, in the order shown here."
      />
      <QueuePage />
    </>
  );
}
