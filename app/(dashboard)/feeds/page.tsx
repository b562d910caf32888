import { redirect } from "next/navigation";

// Feeds are a workspace setting (issue 49): the page lives under Settings.
export default function FeedsPage() {
  redirect("/settings/feeds");
}
