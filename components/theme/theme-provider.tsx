"use client";
// The colour theme: follows the system setting until the person picks one with the switch; the
// choice is kept in localStorage ("posteady-theme") and applied before first paint by next-themes'
// inline script, so a dark page never flashes white. Toasts share the theme.
import { ThemeProvider as NextThemes, useTheme } from "next-themes";
import { Toaster } from "sonner";

export const THEME_STORAGE_KEY = "posteady-theme";

export function ThemeProvider({ children }: { children: React.ReactNode }) {
  return (
    <NextThemes attribute="class" defaultTheme="system" enableSystem storageKey={THEME_STORAGE_KEY} disableTransitionOnChange>
      {children}
      <ThemedToaster />
    </NextThemes>
  );
}

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster theme={resolvedTheme === "dark" ? "dark" : "light"} position="bottom-right" richColors closeButton />;
}
