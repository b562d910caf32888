import type { Metadata } from "next";
import { FeedsPanel } from "@/components/feeds/feeds-panel";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Feeds" };

export default function FeedsPage() {
  return (
    <>
      <PageHeader
        title="Feeds"
        description="Follow an RSS or Atom feed: each item it publishes from now on becomes a draft to review, or a post in your accounts' queues, once."
      />
      <FeedsPanel />
    </>
  );
}
