"use client";
// Scalar's reference (a Vue app in a React wrapper), loaded in the browser only: see api-reference.tsx.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import "./scalar-theme.css";

export default function ScalarReference({ dark }: { dark: boolean }) {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/v1/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: false, // keeps "Test Request" (the try-it client) on every operation
        hideDarkModeToggle: true,
        // follows the dashboard's theme (the switch in the sidebar)
        forceDarkModeState: dark ? "dark" : "light",
        showSidebar: true,
        showDeveloperTools: "never",
        documentDownloadType: "json",
        agent: { disabled: true }, // no hosted AI assistant: nothing here may call out
      }}
    />
  );
}
