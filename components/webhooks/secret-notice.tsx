"use client";
import { ShownOnce } from "@/components/ui/shown-once";

/** A webhook's signing secret, shown once after creation or rotation. */
export function SecretNotice({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  return (
    <ShownOnce
      message={`Copy the signing secret of ${url} now: your endpoint verifies deliveries with it. It will not be shown again.`}
      label="Webhook signing secret"
      value={secret}
      testId="webhook-secret"
      onDone={onDone}
    />
  );
}
