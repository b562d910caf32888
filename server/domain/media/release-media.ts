// Ending a media item's life (expired, rejected, deleted): its status changes and its bytes
// leave the quota in one transaction; the object is deleted after the commit (a failed delete
// leaves an orphan the sweep removes, never a quota that was not released).
import { db, type MediaStatus, type Tx } from "../../db.ts";
import { log } from "../../log.ts";
import { storage } from "../../storage/index.ts";

/** Inside a transaction: marks the item and releases its bytes, if it still holds them. */
export async function releaseInTx(tx: Tx, mediaId: string, status: Extract<MediaStatus, "EXPIRED" | "DELETED">): Promise<{ storageKey: string } | null> {
  const rows = await tx.$queryRaw<{ storageKey: string; fileSize: bigint; organizationId: string }[]>`
    UPDATE "MediaItem" SET status = ${status}::"MediaStatus", "deletedAt" = now(), "updatedAt" = now()
     WHERE id = ${mediaId}::uuid AND status IN ('RESERVED', 'CONFIRMED')
     RETURNING "storageKey", "fileSize", "organizationId"`;
  const row = rows[0];
  if (!row) return null;
  await tx.$executeRaw`UPDATE "Organization" SET "mediaUsedBytes" = "mediaUsedBytes" - ${row.fileSize}, "updatedAt" = now() WHERE id = ${row.organizationId}::uuid`;
  return { storageKey: row.storageKey };
}

export async function deleteObjectQuietly(key: string): Promise<void> {
  try {
    await (await storage()).delete(key);
  } catch (err) {
    log.warn("could not delete a stored object; the sweep will retry", { key, error: (err as Error).message });
  }
}

export async function releaseMedia(mediaId: string, status: Extract<MediaStatus, "EXPIRED" | "DELETED">): Promise<boolean> {
  const released = await db.$transaction((tx) => releaseInTx(tx, mediaId, status));
  if (released) await deleteObjectQuietly(released.storageKey);
  return released !== null;
}
