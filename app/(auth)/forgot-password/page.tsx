import type { Metadata } from "next";
import { TRPCReactProvider } from "@/components/trpc";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <TRPCReactProvider>
      <ForgotPasswordForm />
    </TRPCReactProvider>
  );
}
