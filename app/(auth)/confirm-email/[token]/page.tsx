import type { Metadata } from "next";
import { TRPCReactProvider } from "@/components/trpc";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";

export const metadata: Metadata = { title: "Confirm your new email", referrer: "no-referrer" };

// Confirmed by a button, not by opening the link: mail scanners open links.
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <TRPCReactProvider>
      <ConfirmEmailForm token={token} />
    </TRPCReactProvider>
  );
}
