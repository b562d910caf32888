// API keys: "pst_" + 40 base64url characters (240 random bits). Stored only as a SHA-256 hash:
// the key has enough entropy that a slow hash adds nothing but latency.
import crypto from "node:crypto";

export const KEY_PREFIX = "pst_";
const KEY_PATTERN = /^pst_[A-Za-z0-9_-]{40}$/;

export function generateApiKey() {
  const key = KEY_PREFIX + crypto.randomBytes(30).toString("base64url");
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 8), last4: key.slice(-4) };
}

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
