import type { Metadata } from "next";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return <WebhooksPanel />;
}
