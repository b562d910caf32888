import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Compose" };

export default function ComposePage() {
  return (
    <>
      <PageHeader title="Compose" description="Write once and publish to your connected accounts." />
      <EmptyState title="Nothing to publish to yet">
        Publishing needs a connected account.{" "}
        <Link className="font-medium text-brand-700 hover:underline" href="/accounts">
          See your accounts
        </Link>
        .
      </EmptyState>
    </>
  );
}
