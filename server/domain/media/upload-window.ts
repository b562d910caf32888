// The local driver's upload endpoint asks whether a staging key still accepts bytes: only while
// its reservation is open (a replayed URL after confirmation or expiry is refused).
import { db } from "../../db.ts";
import { AppError } from "../../errors.ts";

export async function assertUploadOpen(storageKey: string): Promise<void> {
  const item = await db.mediaItem.findFirst({ where: { storageKey, status: "RESERVED" }, select: { uploadExpiresAt: true } });
  if (!item) throw new AppError("CONFLICT", "This upload URL no longer accepts bytes: the upload was confirmed, expired or canceled");
  if (item.uploadExpiresAt.getTime() <= Date.now()) throw new AppError("UPLOAD_EXPIRED", "The upload window (300 seconds) has passed; reserve again");
}

export async function recordUpload(storageKey: string): Promise<void> {
  await db.mediaItem.updateMany({ where: { storageKey, status: "RESERVED" }, data: { uploadedAt: new Date() } });
}
