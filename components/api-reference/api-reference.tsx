"use client";
// The readable reference of /api/v1/openapi.json (Scalar), rendered fully offline. Scalar 0.9
// declares Node >= 22 while we run on Node 20: it is a browser widget (it mounts in an effect and
// renders nothing on the server), so it is loaded without server rendering and Node never runs it.
import dynamic from "next/dynamic";
import { useTheme } from "next-themes";

const ScalarReference = dynamic(() => import("./scalar-reference"), {
  ssr: false,
  loading: () => <p className="p-6 text-sm text-slate-600">Loading the reference…</p>,
});

export function ApiReference() {
  const { resolvedTheme } = useTheme();
  // overflow-clip, not -hidden: a hidden-overflow box is a scroll container, which Scalar then
  // scrolls (in vain) instead of the window, so search results and links did not jump anywhere.
  return (
    <div data-third-party="scalar" className="-mx-4 overflow-clip rounded-lg bg-white ring-1 ring-slate-200 sm:mx-0">
      {/* Scalar reads forceDarkModeState once, when it mounts: a theme switch mounts it again. */}
      <ScalarReference key={resolvedTheme} dark={resolvedTheme === "dark"} />
    </div>
  );
}
