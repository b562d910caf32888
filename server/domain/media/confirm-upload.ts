// POST /api/v1/media/uploads/confirm: within 24 hours, by the user (or their key) who reserved.
// The stored object is verified (size, content type, file signature, version) and measured on
// the server, then moved out of staging; measured values win over the client's hints.
// Confirming again answers the same item. Bytes that are not what was declared end the
// reservation (released from the quota) with 422.
import { db, type MediaItem } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import { storage } from "../../storage/index.ts";
import { ObjectChangedError } from "../../storage/storage.ts";
import { actorUserId, assertCan, type Scope } from "../access.ts";
import { extensionFor } from "./file-name.ts";
import { confirmUploadInput } from "./media.schema.ts";
import { presentMedia } from "./present-media.ts";
import { MediaInvalid } from "./probe-media.ts";
import { deleteObjectQuietly, releaseInTx } from "./release-media.ts";
import { verifyStoredMedia } from "./verify-stored-media.ts";
import type { z } from "zod";

type Outcome = { item: MediaItem } | { rejected: AppError; staleKey: string | null };

export async function confirmUpload(scope: Scope, raw: z.input<typeof confirmUploadInput>) {
  assertCan(scope, "content.draft");
  const input = confirmUploadInput.parse(raw);
  const outcome = await db.$transaction(
    async (tx): Promise<Outcome> => {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "MediaItem" WHERE "fileKey" = ${input.fileKey} AND "workspaceId" = ${scope.workspaceId}::uuid FOR UPDATE`;
      if (!rows[0]) throw notFound("Upload");
      const item = await tx.mediaItem.findUniqueOrThrow({ where: { id: rows[0].id } });
      if (item.createdById !== actorUserId(scope)) throw new AppError("FORBIDDEN", "Only the user who reserved this upload can confirm it");
      if (item.status === "CONFIRMED") return { item };
      if (item.status !== "RESERVED" || item.confirmExpiresAt.getTime() <= Date.now()) {
        throw new AppError("UPLOAD_EXPIRED", "This upload reservation has expired (confirm within 24 hours of reserving); reserve again");
      }
      const reject = async (message: string, reason: string): Promise<Outcome> => {
        const released = await releaseInTx(tx, item.id, "EXPIRED");
        return {
          rejected: new AppError("VALIDATION_ERROR", message, { reason, issues: [{ path: "fileKey", message, code: reason, location: "body" }] }),
          staleKey: released?.storageKey ?? null,
        };
      };
      const store = await storage();
      let verified: Awaited<ReturnType<typeof verifyStoredMedia>>;
      try {
        verified = await verifyStoredMedia(store, { ...item, fileSize: Number(item.fileSize) });
      } catch (err) {
        if (err instanceof MediaInvalid) return reject(err.message, err.reason);
        throw err;
      }
      if (!verified) throw new AppError("UPLOAD_INCOMPLETE", "No bytes were uploaded for this reservation yet: PUT them to the uploadUrl first");
      const { info, probe } = verified;
      const finalKey = `media/${scope.workspaceId}/${item.id}.${extensionFor(item.mimeType)}`;
      let moved;
      try {
        moved = await store.move(item.storageKey, finalKey, info.version);
      } catch (err) {
        if (err instanceof ObjectChangedError) throw new AppError("CONFLICT", "The upload changed while it was being confirmed; confirm again");
        throw err;
      }
      const updated = await tx.mediaItem.update({
        where: { id: item.id },
        data: {
          status: "CONFIRMED",
          storageKey: finalKey,
          objectVersion: moved.version,
          durationSeconds: probe.durationSeconds ?? input.duration ?? null,
          width: probe.width ?? input.width ?? null,
          height: probe.height ?? input.height ?? null,
          uploadedAt: item.uploadedAt ?? new Date(),
          confirmedAt: new Date(),
        },
      });
      return { item: updated };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  if ("rejected" in outcome) {
    if (outcome.staleKey) await deleteObjectQuietly(outcome.staleKey);
    throw outcome.rejected;
  }
  return presentMedia(outcome.item);
}
