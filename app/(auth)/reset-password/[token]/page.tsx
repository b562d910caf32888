import type { Metadata } from "next";
import { TRPCReactProvider } from "@/components/trpc";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

// The token stays in the page: it is used only when the form is sent, so a mail scanner that
// opens the link does not spend it.
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <TRPCReactProvider>
      <ResetPasswordForm token={token} />
    </TRPCReactProvider>
  );
}
