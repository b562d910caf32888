"use client";
// The readable reference of /api/v1/openapi.json (Scalar), rendered fully offline.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useTheme } from "next-themes";

export function ApiReference() {
  const { resolvedTheme } = useTheme();
  return (
    <div data-third-party="scalar" className="-mx-4 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200 sm:mx-0">
      <ApiReferenceReact
        configuration={{
          url: "/api/v1/openapi.json",
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          hideDarkModeToggle: true,
          // follows the dashboard's theme (the switch in the sidebar)
          forceDarkModeState: resolvedTheme === "dark" ? "dark" : "light",
          showSidebar: true,
          showDeveloperTools: "never",
          documentDownloadType: "json",
          agent: { disabled: true }, // no hosted AI assistant: nothing here may call out
        }}
      />
    </div>
  );
}
