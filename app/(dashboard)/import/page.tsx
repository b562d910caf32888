import type { Metadata } from "next";
import { Allowed } from "@/components/access/allowed";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { ImportPosts } from "@/components/imports/import-posts";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Import" };

export default function ImportPage() {
  return (
    <>
      <PageHeader title="Import" description="Many posts at once from a CSV file: check every row, then import them as post groups." />
      {/* importing publishes and schedules (content.publish), its check included */}
      <ReadOnlyNote permission="content.publish" />
      <Allowed permission="content.publish">
        <ImportPosts />
      </Allowed>
    </>
  );
}
