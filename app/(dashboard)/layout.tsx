import { redirect } from "next/navigation";
import { OnboardingChecklist } from "@/components/onboarding/onboarding-checklist";
import { AppShell } from "@/components/shell/app-shell";
import { TRPCReactProvider } from "@/components/trpc";
import { currentUser } from "@/server/auth/session";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  return (
    <TRPCReactProvider>
      <AppShell user={{ email: user.email, name: user.name }}>
        <OnboardingChecklist />
        {children}
      </AppShell>
    </TRPCReactProvider>
  );
}
