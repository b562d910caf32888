import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Posteady", template: "%s · Posteady" },
  description: "Publish and schedule posts on Threads, X, LinkedIn, TikTok, Instagram, YouTube and Facebook from one workspace.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
