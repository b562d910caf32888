// The public side of a client connect link: no sign-in, the token in the URL is the credential.
// Opening it tells what the page shows (the workspace's name and the link's platforms, or why it
// no longer works); picking a platform starts that platform's OAuth through the accounts'
// connect machinery, the attempt carrying the link (its use is taken when the account is stored).
import { db } from "../../db.ts";
import { fieldError } from "../../errors.ts";
import { isUuid } from "../ids.ts";
import { startBlueskyConnectFor } from "../accounts/bluesky-oauth-connect.ts";
import { startConnectFor } from "../accounts/connect-account.ts";
import { providerLabels, type ProviderName } from "../accounts/providers.ts";
import { hashLinkToken, isWellFormedLinkToken } from "../link-token.ts";
import { linkRefused, type LinkRefusal } from "./consume-connect-link.ts";
import { linkConnectable } from "./link-providers.ts";
import { connectLinkStatus, linkProviders } from "./manage-connect-links.ts";

export type OpenedConnectLink =
  { state: "active"; connectLinkId: string; workspaceId: string; workspaceName: string; providers: ProviderName[]; expiresAt: string } | { state: LinkRefusal };

export async function openConnectLink(token: string): Promise<OpenedConnectLink> {
  if (!isWellFormedLinkToken(token)) return { state: "unknown" };
  const link = await db.connectLink.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    include: { workspace: { select: { name: true } } },
  });
  if (!link) return { state: "unknown" };
  const status = connectLinkStatus(link);
  if (status !== "active") return { state: status };
  return {
    state: "active",
    connectLinkId: link.id,
    workspaceId: link.workspaceId,
    workspaceName: link.workspace.name,
    // a platform whose app was unconfigured since the link was made is no longer offered
    providers: linkProviders(link).filter(linkConnectable),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * The platform's authorize URL for a person who opened the link and picked `provider` (for
 * Mastodon, on the server they name; for Bluesky, signing in as the handle they give).
 */
export async function startLinkConnect(
  token: string,
  provider: ProviderName,
  signIn: { instance?: string; handle?: string } = {},
): Promise<{ authorizeUrl: string }> {
  const link = await openConnectLink(token);
  if (link.state !== "active") throw linkRefused(link.state);
  if (!link.providers.includes(provider)) throw fieldError("provider", `${providerLabels[provider]} is not offered by this link`, "not_offered");
  const owner = { workspaceId: link.workspaceId, userId: null, connectLinkId: link.connectLinkId };
  const { authorizeUrl } =
    provider === "bluesky"
      ? await startBlueskyConnectFor(owner, { handle: signIn.handle })
      : await startConnectFor(owner, { provider, instance: signIn.instance });
  return { authorizeUrl };
}

/** The Connected page's facts: the workspace the account joined (by the link the callback names). */
export async function connectedThrough(connectLinkId: string): Promise<{ workspaceName: string } | null> {
  if (!isUuid(connectLinkId)) return null;
  const link = await db.connectLink.findUnique({ where: { id: connectLinkId }, include: { workspace: { select: { name: true } } } });
  return link ? { workspaceName: link.workspace.name } : null;
}
