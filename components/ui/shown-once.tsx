"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/** A secret shown exactly once (an API key, a webhook's signing secret): selected, with Copy and Done. */
export function ShownOnce({ message, label, value, testId, onDone }: { message: string; label: string; value: string; testId: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.select(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      ref.current?.select();
      document.execCommand("copy");
    }
    setCopied(true);
  }

  return (
    <div className="rounded-md bg-amber-50 p-4 ring-1 ring-amber-200" role="status">
      <p className="text-sm font-medium text-amber-900">{message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <label htmlFor={testId} className="sr-only">
          {label}
        </label>
        <input
          id={testId}
          ref={ref}
          readOnly
          value={value}
          data-testid={testId}
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
