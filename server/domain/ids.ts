import crypto from "node:crypto";
import { z } from "zod";

const uuid = z.uuid();

/** True for an RFC 9562 UUID string; ids that are not UUIDs can never name a row. */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}

/**
 * A name-based UUID (version 5 layout, SHA-1) of the parts: the same parts always give the same
 * id. Work derived from one request (a series' occurrence, an import's row, a feed's item) takes
 * its requestId from this, so a retry or a second process finds the first one's row.
 */
export function derivedUuid(...parts: string[]): string {
  const hash = crypto.createHash("sha1").update(parts.join("\u0000")).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
