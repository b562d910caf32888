// Platform tokens at rest: AES-256-GCM with the installation's key (TOKEN_ENCRYPTION_KEY, or
// the one generated into DATA_DIR/secrets.json). Format: v1.<iv>.<tag>.<ciphertext> (base64url).
import crypto from "node:crypto";
import { env } from "../../env.ts";

export function encryptToken(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", env().tokenEncryptionKey, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

// A sealed token names exactly one plain one (its IV is random), so plain tokens are remembered by
// their sealed form: a publish calls as its account several times, and each call would decipher it.
const opened = new Map<string, string>();
const OPENED_MAX = 1000;

export function decryptToken(sealed: string): string {
  let plain = opened.get(sealed);
  if (plain === undefined) {
    plain = decipher(sealed);
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(sealed, plain);
  }
  return plain;
}

function decipher(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Unreadable token ciphertext");
  const decipher = crypto.createDecipheriv("aes-256-gcm", env().tokenEncryptionKey, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
