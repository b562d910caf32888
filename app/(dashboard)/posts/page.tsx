import type { Metadata } from "next";
import { PostsView } from "@/components/posts/posts-view";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Posts" };

export default function PostsPage() {
  return (
    <>
      <PageHeader title="Posts" description="Your published posts and their metrics, as last synced from each platform." />
      <PostsView />
    </>
  );
}
