"use client";
// The readable reference of /api/v1/openapi.json (Scalar), rendered fully offline.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

export function ApiReference() {
  return (
    <div className="-mx-4 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200 sm:mx-0">
      <ApiReferenceReact
        configuration={{
          url: "/api/v1/openapi.json",
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          hideDarkModeToggle: true,
          showSidebar: true,
          showDeveloperTools: "never",
          documentDownloadType: "json",
          agent: { disabled: true }, // no hosted AI assistant: nothing here may call out
        }}
      />
    </div>
  );
}
