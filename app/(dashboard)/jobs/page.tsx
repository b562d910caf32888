import type { Metadata } from "next";
import { Suspense } from "react";
import { JobsList } from "@/components/jobs/jobs-list";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Jobs" };

export default function JobsPage() {
  return (
    <>
      <PageHeader title="Jobs" description="Every publishing job of this workspace (media, and scheduled text) and its status, live." />
      <Suspense>
        <JobsList />
      </Suspense>
    </>
  );
}
