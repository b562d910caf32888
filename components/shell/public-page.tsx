import { ThemeSwitch } from "@/components/theme/theme-switch";

/** The frame of the pages seen signed out (sign-in, invitations, client connect and review links). */
export function PublicPage({ width = "max-w-sm", children }: { width?: "max-w-sm" | "max-w-md" | "max-w-3xl"; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className={`w-full ${width}`}>
        <p className="mb-8 text-center text-xl font-semibold tracking-tight text-brand-700">Posteady</p>
        {children}
        <div className="mt-8 flex justify-center">
          <ThemeSwitch />
        </div>
      </div>
    </main>
  );
}
