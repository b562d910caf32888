import type { Metadata } from "next";
import { ThemeSwitch } from "@/components/theme/theme-switch";
import { TRPCReactProvider } from "@/components/trpc";

// The client connect pages: public (the link's token is the credential), outside the dashboard.
export const dynamic = "force-dynamic";

// The page's URL holds the link's secret: never sent on to the platform's sign-in page as a Referer, never indexed.
export const metadata: Metadata = { referrer: "no-referrer", robots: { index: false, follow: false } };

export default function ConnectLayout({ children }: { children: React.ReactNode }) {
  return (
    <TRPCReactProvider>
      <main className="flex min-h-screen items-center justify-center px-4 py-12">
        <div className="w-full max-w-md">
          <p className="mb-8 text-center text-xl font-semibold tracking-tight text-brand-700">Posteady</p>
          {children}
          <div className="mt-8 flex justify-center">
            <ThemeSwitch />
          </div>
        </div>
      </main>
    </TRPCReactProvider>
  );
}
