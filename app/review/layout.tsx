import type { Metadata } from "next";
import { PublicPage } from "@/components/shell/public-page";
import { TRPCReactProvider } from "@/components/trpc";

// The client review pages: public (the link's token is the credential), outside the dashboard.
export const dynamic = "force-dynamic";

// The page's URL holds the link's secret: never sent on as a Referer (media, links), never indexed.
export const metadata: Metadata = { referrer: "no-referrer", robots: { index: false, follow: false } };

export default function ReviewLayout({ children }: { children: React.ReactNode }) {
  return (
    <TRPCReactProvider>
      <PublicPage width="max-w-3xl">{children}</PublicPage>
    </TRPCReactProvider>
  );
}
