// The expiry job: reservations not confirmed within 24 hours expire, their objects are deleted
// and their bytes released; staging objects nobody reserved any more (a replayed S3 upload URL)
// are swept once they are older than any reservation can be.
import { db } from "../../db.ts";
import { storage } from "../../storage/index.ts";
import { CONFIRM_WINDOW_MS } from "./media.schema.ts";
import { deleteObjectQuietly, releaseMedia } from "./release-media.ts";

export async function expireUploads(now = new Date()) {
  const due = await db.mediaItem.findMany({
    where: { status: "RESERVED", confirmExpiresAt: { lte: now } },
    select: { id: true },
    take: 1000,
  });
  let expired = 0;
  for (const { id } of due) if (await releaseMedia(id, "EXPIRED")) expired++;

  let swept = 0;
  const store = await storage();
  const cutoff = now.getTime() - CONFIRM_WINDOW_MS - 3600_000;
  for await (const object of store.list("staging/")) {
    if (object.modifiedAt.getTime() > cutoff) continue;
    const owner = await db.mediaItem.findFirst({ where: { storageKey: object.key, status: "RESERVED" }, select: { id: true } });
    if (!owner) {
      await deleteObjectQuietly(object.key);
      swept++;
    }
  }
  return { expired, swept };
}
