"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/** The full key, shown exactly once after creation. */
export function NewKeyNotice({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.select(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
    } catch {
      ref.current?.select();
      document.execCommand("copy");
    }
    setCopied(true);
  }

  return (
    <div className="rounded-md bg-amber-50 p-4 ring-1 ring-amber-200" role="status">
      <p className="text-sm font-medium text-amber-900">Copy the key “{name}” now. It will not be shown again.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <label htmlFor="new-api-key" className="sr-only">
          New API key
        </label>
        <input
          id="new-api-key"
          ref={ref}
          readOnly
          value={apiKey}
          data-testid="new-api-key"
          className="min-w-0 flex-1 rounded-md border-0 bg-white px-3 py-2 font-mono text-sm ring-1 ring-inset ring-amber-300"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
