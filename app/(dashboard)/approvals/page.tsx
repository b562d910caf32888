import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { ApprovalsPage } from "@/components/approvals/approvals-page";

export const metadata: Metadata = { title: "Approvals" };

export default function Approvals() {
  return (
    <>
      <PageHeader title="Approvals" description="Posts waiting for an editor's approval: nothing of them is scheduled or published until approved." />
      <ApprovalsPage />
    </>
  );
}
