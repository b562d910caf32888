import { z } from "zod";

const uuid = z.uuid();

/** True for an RFC 9562 UUID string; ids that are not UUIDs can never name a row. */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}
