import type { Metadata } from "next";
import { FeedsPanel } from "@/components/feeds/feeds-panel";

export const metadata: Metadata = { title: "Feeds" };

export default function FeedsSettingsPage() {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Follow an RSS or Atom feed: each item it publishes from now on becomes a draft to review, or a post in your accounts&apos; queues, once.
      </p>
      <FeedsPanel />
    </div>
  );
}
