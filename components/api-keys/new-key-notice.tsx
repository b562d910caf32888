"use client";
import { ShownOnce } from "@/components/ui/shown-once";

/** The full key, shown exactly once after creation. */
export function NewKeyNotice({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  return (
    <ShownOnce message={`Copy the key “${name}” now. It will not be shown again.`} label="New API key" value={apiKey} testId="new-api-key" onDone={onDone} />
  );
}
