// OAuth 2.0 PKCE (RFC 7636, S256).
import crypto from "node:crypto";

export function createPkce() {
  const verifier = crypto.randomBytes(48).toString("base64url");
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return crypto.createHash("sha256").update(verifier).digest("base64url");
}
