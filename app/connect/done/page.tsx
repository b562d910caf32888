import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { providerLabels, providers, type ProviderName } from "@/server/domain/accounts/providers";
import { connectedThrough } from "@/server/domain/connect-links/open-connect-link";

export const metadata: Metadata = { title: "Connected" };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v.slice(0, 300) : undefined);

/** Where a connection made through a client connect link ends: it worked, or why not, in plain words. */
export default async function ConnectDonePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const link = await connectedThrough(one(q.link) ?? "");
  const provider = (providers as readonly string[]).includes(one(q.provider) ?? "") ? (one(q.provider) as ProviderName) : null;
  const connected = one(q.connected);
  const failure = one(q.message);
  if (!failure && connected && link) {
    return (
      <Card>
        <h1 className="text-lg font-semibold">Connected</h1>
        <p className="mt-2 text-sm text-slate-600" data-testid="connect-link-connected">
          Your {provider ? `${providerLabels[provider]} ` : ""}account {connected} is now connected to {link.workspaceName}. You can close this page.
        </p>
      </Card>
    );
  }
  return (
    <Card>
      <h1 className="text-lg font-semibold">The account was not connected</h1>
      <div className="mt-3">
        <Alert>{failure ?? "The connection did not complete."}</Alert>
      </div>
      <p className="mt-3 text-sm text-slate-600">Open the link you were sent to try again, or ask the person who sent it for a new one.</p>
    </Card>
  );
}
