// POST /api/v1/media/uploads: a reservation. Its size counts against the organization's quota
// at once, in the same statement that checks the quota, so concurrent reservations can never
// exceed it; the row and the quota change commit together or not at all.
import crypto from "node:crypto";
import { db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { storage } from "../../storage/index.ts";
import { actorUserId, assertCan, type Scope } from "../access.ts";
import { CONFIRM_WINDOW_MS, createUploadInput, UPLOAD_WINDOW_SECONDS } from "./media.schema.ts";
import type { z } from "zod";

export async function createUpload(scope: Scope, raw: z.input<typeof createUploadInput>) {
  assertCan(scope, "content.draft");
  const input = createUploadInput.parse(raw);
  const userId = actorUserId(scope);
  if (!userId) throw new AppError("FORBIDDEN", "Uploads are made by a user or their API key");
  const mediaId = crypto.randomUUID();
  const storageKey = `staging/${scope.workspaceId}/${mediaId}`;
  const now = Date.now();
  const signed = await (
    await storage()
  ).presignUpload(storageKey, {
    contentType: input.contentType,
    contentLength: input.fileSize,
    expiresInSeconds: UPLOAD_WINDOW_SECONDS,
  });
  const fileKey = `fk_${crypto.randomBytes(24).toString("base64url")}`;
  await db.$transaction(async (tx) => {
    const reserved = await tx.$executeRaw`
      UPDATE "Organization" SET "mediaUsedBytes" = "mediaUsedBytes" + ${BigInt(input.fileSize)}, "updatedAt" = now()
       WHERE id = ${scope.organizationId}::uuid AND "mediaUsedBytes" + ${BigInt(input.fileSize)} <= "mediaQuotaBytes"`;
    if (reserved === 0) {
      const org = await tx.organization.findUniqueOrThrow({ where: { id: scope.organizationId } });
      throw new AppError("STORAGE_QUOTA_EXCEEDED", "The organization's media storage quota is used up", {
        quotaBytes: Number(org.mediaQuotaBytes),
        usedBytes: Number(org.mediaUsedBytes),
        requestedBytes: input.fileSize,
      });
    }
    await tx.mediaItem.create({
      data: {
        id: mediaId,
        workspaceId: scope.workspaceId,
        organizationId: scope.organizationId,
        createdById: userId,
        status: "RESERVED",
        mediaType: input.mediaType,
        fileName: input.fileName,
        mimeType: input.contentType,
        fileSize: BigInt(input.fileSize),
        fileKey,
        storageKey,
        uploadExpiresAt: new Date(now + UPLOAD_WINDOW_SECONDS * 1000),
        confirmExpiresAt: new Date(now + CONFIRM_WINDOW_MS),
      },
    });
  });
  return {
    mediaId,
    mediaType: input.mediaType,
    fileKey,
    uploadUrl: signed.url,
    expiresInSeconds: UPLOAD_WINDOW_SECONDS,
    requiredHeaders: signed.headers,
  };
}
