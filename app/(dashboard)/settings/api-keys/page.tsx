import type { Metadata } from "next";
import { Allowed } from "@/components/access/allowed";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";

export const metadata: Metadata = { title: "API keys" };

export default function ApiKeysPage() {
  // keys are keys.manage, listing them included (admins and owners)
  return (
    <>
      <ReadOnlyNote permission="keys.manage" />
      <Allowed permission="keys.manage">
        <ApiKeysPanel />
      </Allowed>
    </>
  );
}
