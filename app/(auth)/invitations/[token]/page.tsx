import type { Metadata } from "next";
import { TRPCReactProvider } from "@/components/trpc";
import { AcceptInvitation } from "@/components/members/accept-invitation";

export const metadata: Metadata = { title: "Join a workspace" };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <TRPCReactProvider>
      <AcceptInvitation token={token} />
    </TRPCReactProvider>
  );
}
