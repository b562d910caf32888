import type { Metadata } from "next";
import { MediaLibrary } from "@/components/media/media-library";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Media" };

export default function MediaPage() {
  return (
    <>
      <PageHeader title="Media" description="Videos and images of this workspace, verified and ready to publish." />
      <MediaLibrary />
    </>
  );
}
