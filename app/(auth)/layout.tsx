import { ThemeSwitch } from "@/components/theme/theme-switch";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="mb-8 text-center text-xl font-semibold tracking-tight text-brand-700">Posteady</p>
        {children}
        <div className="mt-8 flex justify-center">
          <ThemeSwitch />
        </div>
      </div>
    </main>
  );
}
