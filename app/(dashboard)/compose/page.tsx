import type { Metadata } from "next";
import { Composer } from "@/components/compose/composer";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Compose" };

export default function ComposePage() {
  return (
    <>
      <PageHeader title="Compose" description="Write once and publish to your connected accounts." />
      <Composer />
    </>
  );
}
