// Client connect links of a workspace: create (the URL, with its token, answered once), list,
// revoke. A person without a Posteady login opens the link, picks one of its platforms and
// connects an account into this workspace (open-connect-link.ts); each completed connection is a
// use (consume-connect-link.ts).
import { db, type ConnectLink } from "../../db.ts";
import { fieldError, notFound } from "../../errors.ts";
import { actorOf } from "../audit/record-audit.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { providerLabels, type ProviderName } from "../accounts/providers.ts";
import { newLinkToken } from "../link-token.ts";
import {
  createConnectLinkBody,
  DEFAULT_CONNECT_LINK_DAYS,
  MAX_CONNECT_LINK_DAYS,
  type ConnectLinkView,
  type CreateConnectLinkBody,
} from "./connect-links.schema.ts";
import { linkConnectable, linkConnectableProviders } from "./link-providers.ts";

const DAY_MS = 86_400_000;

export function connectLinkStatus(link: Pick<ConnectLink, "revokedAt" | "expiresAt" | "uses" | "maxUses">, now = new Date()): ConnectLinkView["status"] {
  if (link.revokedAt) return "revoked";
  if (link.uses >= link.maxUses) return "used";
  if (link.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

/** A link's own platforms; an empty stored list (every provider) reads as those connectable now. */
export const linkProviders = (link: Pick<ConnectLink, "providers">): ProviderName[] =>
  link.providers.length > 0 ? (link.providers as ProviderName[]) : linkConnectableProviders();

export function presentConnectLink(link: ConnectLink): ConnectLinkView {
  return {
    connectLinkId: link.id,
    providers: linkProviders(link),
    expiresAt: link.expiresAt.toISOString(),
    maxUses: link.maxUses,
    uses: link.uses,
    status: connectLinkStatus(link),
    createdBy: link.createdBy,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
  };
}

export async function createConnectLink(scope: Scope, raw: CreateConnectLinkBody) {
  assertCan(scope, "accounts.manage");
  const body = createConnectLinkBody.parse(raw);
  const now = Date.now();
  const requested = body.providers ? [...new Set(body.providers)] : linkConnectableProviders();
  const refused = requested.filter((p) => !linkConnectable(p));
  if (refused.length > 0) {
    throw fieldError(
      "providers",
      `${refused.map((p) => providerLabels[p]).join(", ")} cannot be connected through a link on this installation; choose among ${linkConnectableProviders()
        .map((p) => providerLabels[p])
        .join(", ")}`,
      "not_connectable",
    );
  }
  if (requested.length === 0) throw fieldError("providers", "no platform can be connected through a link on this installation", "not_connectable");
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : new Date(now + DEFAULT_CONNECT_LINK_DAYS * DAY_MS);
  if (expiresAt.getTime() <= now) throw fieldError("expiresAt", "must be in the future", "in_past");
  if (expiresAt.getTime() > now + MAX_CONNECT_LINK_DAYS * DAY_MS)
    throw fieldError("expiresAt", `must be at most ${MAX_CONNECT_LINK_DAYS} days ahead`, "too_far");
  const { tokenHash, url } = newLinkToken("connect");
  const link = await db.connectLink.create({
    data: {
      workspaceId: scope.workspaceId,
      tokenHash,
      providers: requested,
      maxUses: body.maxUses ?? 1,
      createdBy: (await actorOf(scope)).label,
      expiresAt,
    },
  });
  return { ...presentConnectLink(link), url };
}

export async function listConnectLinks(scope: Scope) {
  const links = await db.connectLink.findMany({ where: { workspaceId: scope.workspaceId }, orderBy: { createdAt: "desc" }, take: 200 });
  return { connectLinks: links.map(presentConnectLink) };
}

/** Revokes a link at once (an attempt under way then stores nothing); revoking it again answers it as it is. */
export async function revokeConnectLink(scope: Scope, id: string) {
  assertCan(scope, "accounts.manage");
  if (!isUuid(id)) throw notFound("Connect link");
  await db.connectLink.updateMany({ where: { id, workspaceId: scope.workspaceId, revokedAt: null }, data: { revokedAt: new Date() } });
  const link = await db.connectLink.findFirst({ where: { id, workspaceId: scope.workspaceId } });
  if (!link) throw notFound("Connect link");
  return presentConnectLink(link);
}
