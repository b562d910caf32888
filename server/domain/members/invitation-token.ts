// Invitation links carry a random token; only its sha256 is stored, so the database alone cannot
// be used to join a workspace.
import crypto from "node:crypto";
import { env } from "../../env.ts";

export const INVITATION_DAYS = 7;

export function newInvitationToken(): { token: string; tokenHash: string; url: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token), url: `${env().publicUrl}/invitations/${token}` };
}

export const hashInvitationToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
