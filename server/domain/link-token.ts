// The secret of every emailed or shared link (invitations, password resets, email changes,
// client connect and review links): 32 random bytes in base64url, in the URL only. The database
// keeps its SHA-256 (the token has enough entropy that a slow hash adds nothing but latency), so
// a copy of a table opens no link.
import crypto from "node:crypto";
import { env } from "../env.ts";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashLinkToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A token can only be one of ours if it has their shape; anything else is unknown without a query. */
export const isWellFormedLinkToken = (token: string) => TOKEN_PATTERN.test(token);

/** A new token, the hash to store, and the public URL `/<path>/<token>`. */
export function newLinkToken(path: string): { token: string; tokenHash: string; url: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: hashLinkToken(token), url: `${env().publicUrl}/${path}/${token}` };
}
