// A connect link's use, taken when an account is actually stored: one conditional UPDATE in the
// transaction that stores the account. Two completions racing for the last use serialize on the
// row; the second finds `uses < maxUses` false and its account is not stored.
import { AppError } from "../../errors.ts";
import type { Tx } from "../../db.ts";

export type LinkRefusal = "used" | "expired" | "revoked" | "unknown";

/** The plain words a refused link answers with; `used` (and a link known but gone) is 410, unknown 404. */
export const linkRefusalText: Record<LinkRefusal, { status: 404 | 410; title: string; detail: string }> = {
  used: {
    status: 410,
    title: "This link has already been used",
    detail: "Each link connects a set number of accounts. Ask the person who sent it for a new one.",
  },
  expired: { status: 410, title: "This link has expired", detail: "Ask the person who sent it for a new one." },
  revoked: {
    status: 410,
    title: "This link was withdrawn",
    detail: "Whoever sent it revoked it. Ask them for a new one if you still need to connect an account.",
  },
  unknown: { status: 404, title: "This link is not valid", detail: "Check that it was copied whole, or ask the person who sent it for a new one." },
};

export function linkRefused(reason: LinkRefusal): AppError {
  const { title, detail } = linkRefusalText[reason];
  return new AppError(reason === "used" ? "CONFLICT" : "NOT_FOUND", `${title}. ${detail}`, { connectLink: reason });
}

export async function consumeConnectLinkUse(tx: Tx, connectLinkId: string): Promise<void> {
  const taken = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "ConnectLink" SET "uses" = "uses" + 1
    WHERE "id" = ${connectLinkId}::uuid AND "uses" < "maxUses" AND "revokedAt" IS NULL AND "expiresAt" > now()
    RETURNING "id"`;
  if (taken.length === 1) return;
  const link = await tx.connectLink.findUnique({ where: { id: connectLinkId } });
  throw linkRefused(!link ? "unknown" : link.revokedAt ? "revoked" : link.uses >= link.maxUses ? "used" : "expired");
}
