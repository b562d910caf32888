import type { Metadata } from "next";
import { LinkPlatformPicker } from "@/components/connect-links/link-platform-picker";
import { LinkRefusal } from "@/components/connect-links/link-refusal";
import { Card } from "@/components/ui/card";
import { linkRefusalText } from "@/server/domain/connect-links/consume-connect-link";
import { openConnectLink } from "@/server/domain/connect-links/open-connect-link";

export const metadata: Metadata = { title: "Connect an account" };

/** What a client sees on opening a connect link: the workspace, and a button per platform it offers. */
export default async function ConnectLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await openConnectLink(token);
  if (link.state !== "active") return <LinkRefusal {...linkRefusalText[link.state]} />;
  return (
    <Card>
      <h1 className="text-lg font-semibold">Connect an account to {link.workspaceName}</h1>
      <p className="mt-2 text-sm text-slate-600">
        You were invited to connect one of your social accounts to the workspace <strong className="font-medium">{link.workspaceName}</strong> on Posteady, so
        that it can publish there for you. Pick the platform: you will sign in on it and choose what to allow, then come back here. You need no Posteady
        account.
      </p>
      <LinkPlatformPicker token={token} providers={link.providers} />
    </Card>
  );
}
