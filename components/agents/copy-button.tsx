"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";

// The Clipboard API exists only on secure origins (a self-hosted dashboard is often plain http on
// a LAN address) and may be refused; the older copy command works in both cases.
async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // fall through to the copy command
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

/** Copies `text`; says so for a moment. `label` names what is copied, for screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      className="px-2.5 py-1 text-xs"
      aria-label={`${copied ? "Copied" : "Copy"} ${label}`}
      onClick={async () => {
        await copyText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 2_000);
      }}
    >
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}
