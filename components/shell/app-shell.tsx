"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useEffect, useRef, useState } from "react";
import { ThemeSwitch } from "@/components/theme/theme-switch";
import { useTRPC } from "@/components/trpc";
import { navItems } from "./nav-items";
import { WorkspaceSwitcher } from "./workspace-switcher";

export function AppShell({ user, children }: { user: { email: string; name: string | null }; children: React.ReactNode }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const trpc = useTRPC();
  const permissions: readonly string[] = useQuery(trpc.workspaces.list.queryOptions()).data?.permissions ?? [];
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the phone menu and hands focus back to its button, wherever focus was in it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const nav = (
    <nav aria-label="Main" className="mt-6 space-y-1">
      {navItems
        .filter((item) => !("permission" in item) || permissions.includes(item.permission))
        .map((item) => {
          const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <Link
              key={item.href}
              href={item.href}
              onClick={() => setOpen(false)}
              aria-current={active ? "page" : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium ${active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {item.label}
            </Link>
          );
        })}
    </nav>
  );

  const footer = (
    <div className="mt-auto border-t border-slate-200 pt-4 text-sm">
      <p className="truncate font-medium text-slate-800">{user.name ?? user.email}</p>
      {user.name ? <p className="truncate text-xs text-slate-500">{user.email}</p> : null}
      <button
        type="button"
        onClick={() => signOut({ callbackUrl: "/sign-in" })}
        className="mt-2 rounded text-sm text-slate-600 hover:text-slate-900 hover:underline"
      >
        Sign out
      </button>
      <div className="mt-4">
        <ThemeSwitch />
      </div>
    </div>
  );

  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
        <span className="font-semibold text-brand-700">Posteady</span>
        <button
          ref={menuButton}
          type="button"
          aria-expanded={open}
          aria-controls="mobile-nav"
          onClick={() => setOpen((v) => !v)}
          className="rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300"
        >
          {open ? "Close" : "Menu"}
        </button>
      </header>
      {open ? (
        <div id="mobile-nav" className="border-b border-slate-200 bg-white px-4 pb-4 lg:hidden">
          <WorkspaceSwitcher />
          {nav}
          <div className="mt-4">{footer}</div>
        </div>
      ) : null}
      <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-white px-4 py-5 lg:flex lg:min-h-screen">
        <span className="px-3 text-lg font-semibold tracking-tight text-brand-700">Posteady</span>
        <div className="mt-5">
          <WorkspaceSwitcher />
        </div>
        {nav}
        {footer}
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-8 lg:py-10">
        <div className="mx-auto max-w-5xl">{children}</div>
      </main>
    </div>
  );
}
