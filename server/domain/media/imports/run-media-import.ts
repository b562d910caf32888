// The worker's run of one import: claim it (a lease, renewed while it works, and a new attempt
// number), fetch the URL into a temporary file, convert PNG/WebP to JPEG, store the bytes in
// staging, verify and measure them as a confirmed upload is, then in one transaction (fenced by
// the attempt number) book the quota, move the object to its library key and create the item
// with the id fixed at creation. A run that dies is taken over when its lease lapses
// (sweep-media-imports.ts); however many runs start, one item results, or none.
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { db, type MediaImport } from "../../../db.ts";
import { log } from "../../../log.ts";
import { storage } from "../../../storage/index.ts";
import { ObjectChangedError } from "../../../storage/storage.ts";
import { extensionFor } from "../file-name.ts";
import { MAX_IMAGE_BYTES } from "../media.schema.ts";
import { MediaInvalid } from "../probe-media.ts";
import { deleteObjectQuietly } from "../release-media.ts";
import { verifyStoredMedia } from "../verify-stored-media.ts";
import { fetchMediaFile, ImportRefused, isImageKind, type FileKind } from "./fetch-media-file.ts";

export const IMPORT_LEASE_SECONDS = 60;
const RENEW_EVERY_MS = 15_000;

type Claimed = Pick<MediaImport, "id" | "workspaceId" | "organizationId" | "createdById" | "url" | "fileName" | "mediaType" | "mediaId" | "attempt">;

/** Runs the import unless it is finished or another live run holds it. Infrastructure errors are thrown (the queue retries). */
export async function runMediaImport(importId: string): Promise<void> {
  const claimed = await claim(importId);
  if (!claimed) return;
  const renew = setInterval(() => void renewLease(claimed).catch(() => {}), RENEW_EVERY_MS);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "posteady-import-"));
  const stagingKey = `staging/${claimed.workspaceId}/import-${claimed.id}-${claimed.attempt}`;
  try {
    const stored = await fetchAndStage(claimed, path.join(dir, "download"), stagingKey);
    await commit(claimed, stagingKey, stored);
  } catch (err) {
    await deleteObjectQuietly(stagingKey);
    if (err instanceof ImportRefused) return void (await fail(claimed, err.code, err.message));
    if (err instanceof MediaInvalid) return void (await fail(claimed, "INVALID_MEDIA", err.message));
    // not the file's fault: hand the import back for the queue's next attempt
    await db.mediaImport.updateMany({
      where: { id: claimed.id, attempt: claimed.attempt, status: "processing" },
      data: { status: "queued", leaseExpiresAt: null },
    });
    throw err;
  } finally {
    clearInterval(renew);
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** The queue's last attempt failed for the infrastructure's reasons: the import fails, saying so. */
export async function giveUpMediaImport(importId: string, reason: string): Promise<void> {
  await db.mediaImport.updateMany({
    where: { id: importId, status: { in: ["queued", "processing"] } },
    data: {
      status: "failed",
      errorCode: "IMPORT_FAILED",
      errorMessage: `The import failed repeatedly: ${reason}`,
      leaseExpiresAt: null,
      completedAt: new Date(),
    },
  });
}

async function claim(importId: string): Promise<Claimed | null> {
  const rows = await db.$queryRaw<Claimed[]>`
    UPDATE "MediaImport" SET status = 'processing', attempt = attempt + 1, "updatedAt" = now(),
           "leaseExpiresAt" = now() + make_interval(secs => ${IMPORT_LEASE_SECONDS})
     WHERE id = ${importId}::uuid AND (status = 'queued' OR (status = 'processing' AND "leaseExpiresAt" < now()))
     RETURNING id, "workspaceId", "organizationId", "createdById", url, "fileName", "mediaType", "mediaId", attempt`;
  return rows[0] ?? null;
}

async function renewLease(run: Claimed): Promise<void> {
  await db.$executeRaw`
    UPDATE "MediaImport" SET "leaseExpiresAt" = now() + make_interval(secs => ${IMPORT_LEASE_SECONDS})
     WHERE id = ${run.id}::uuid AND attempt = ${run.attempt} AND status = 'processing'`;
}

type Staged = { mimeType: "image/jpeg" | "video/mp4" | "video/quicktime"; mediaType: "IMAGE" | "VIDEO"; size: number };

async function fetchAndStage(run: Claimed, file: string, stagingKey: string): Promise<Staged> {
  const { kind } = await fetchMediaFile(run.url, file, run.mediaType);
  const store = await storage();
  let staged: Staged;
  if (isImageKind(kind)) {
    const jpeg = kind === "jpeg" ? null : await toJpeg(file, kind);
    const info = jpeg ? await store.put(stagingKey, jpeg, "image/jpeg") : await store.putFile(stagingKey, file, "image/jpeg");
    staged = { mimeType: "image/jpeg", mediaType: "IMAGE", size: info.size };
  } else {
    const mimeType = kind === "quicktime" ? "video/quicktime" : "video/mp4";
    const info = await store.putFile(stagingKey, file, mimeType);
    staged = { mimeType, mediaType: "VIDEO", size: info.size };
  }
  if (staged.mediaType === "IMAGE" && staged.size > MAX_IMAGE_BYTES) {
    throw new ImportRefused("TOO_LARGE", `As JPEG the image has ${staged.size} bytes; images are limited to 8 MiB`);
  }
  return staged;
}

/** PNG and WebP become JPEG (the format every platform takes); transparency is laid on white. */
async function toJpeg(file: string, kind: FileKind): Promise<Buffer> {
  try {
    return await sharp(file).rotate().flatten({ background: "#ffffff" }).jpeg({ quality: 90 }).toBuffer();
  } catch (err) {
    throw new ImportRefused("INVALID_MEDIA", `The ${kind.toUpperCase()} image could not be read: ${(err as Error).message}`);
  }
}

async function commit(run: Claimed, stagingKey: string, staged: Staged): Promise<void> {
  const store = await storage();
  const verified = await verifyStoredMedia(store, { storageKey: stagingKey, fileSize: staged.size, mimeType: staged.mimeType, mediaType: staged.mediaType });
  if (!verified) throw new Error(`the staged import ${stagingKey} is missing`);
  const finalKey = `media/${run.workspaceId}/${run.mediaId}.${extensionFor(staged.mimeType)}`;
  await db.$transaction(
    async (tx) => {
      const current = await tx.$queryRaw<{ status: string; attempt: number }[]>`
        SELECT status, attempt FROM "MediaImport" WHERE id = ${run.id}::uuid FOR UPDATE`;
      // a later run took over (this one's lease lapsed) or the import ended: this run's bytes are dropped
      if (current[0]?.status !== "processing" || current[0].attempt !== run.attempt) {
        log.warn("a media import run lost its claim before committing; dropping its bytes", { importId: run.id, attempt: run.attempt });
        await deleteObjectQuietly(stagingKey);
        return;
      }
      const booked = await tx.$executeRaw`
        UPDATE "Organization" SET "mediaUsedBytes" = "mediaUsedBytes" + ${BigInt(staged.size)}, "updatedAt" = now()
         WHERE id = ${run.organizationId}::uuid AND "mediaUsedBytes" + ${BigInt(staged.size)} <= "mediaQuotaBytes"`;
      if (booked === 0) throw new ImportRefused("STORAGE_QUOTA_EXCEEDED", "The organization's media storage quota cannot hold the imported file");
      let moved;
      try {
        moved = await store.move(stagingKey, finalKey, verified.info.version);
      } catch (err) {
        if (err instanceof ObjectChangedError) throw new Error(`the staged import ${stagingKey} changed while it was verified`);
        throw err;
      }
      const now = new Date();
      await tx.mediaItem.create({
        data: {
          id: run.mediaId,
          workspaceId: run.workspaceId,
          organizationId: run.organizationId,
          createdById: run.createdById,
          status: "CONFIRMED",
          mediaType: staged.mediaType,
          fileName: libraryName(run, staged.mimeType),
          mimeType: staged.mimeType,
          fileSize: BigInt(staged.size),
          fileKey: `im_${crypto.randomBytes(24).toString("base64url")}`,
          storageKey: finalKey,
          objectVersion: moved.version,
          durationSeconds: verified.probe.durationSeconds,
          width: verified.probe.width,
          height: verified.probe.height,
          uploadExpiresAt: now,
          confirmExpiresAt: now,
          uploadedAt: now,
          confirmedAt: now,
        },
      });
      await tx.mediaImport.update({ where: { id: run.id }, data: { status: "completed", leaseExpiresAt: null, completedAt: now } });
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

async function fail(run: Claimed, code: string, message: string): Promise<void> {
  await db.mediaImport.updateMany({
    where: { id: run.id, attempt: run.attempt, status: "processing" },
    data: { status: "failed", errorCode: code, errorMessage: message, leaseExpiresAt: null, completedAt: new Date() },
  });
}

/** The caller's name, else the URL's last path segment, with the stored type's extension. */
function libraryName(run: Claimed, mimeType: string): string {
  const segment = new URL(run.url).pathname.split("/").pop() ?? "";
  let fromUrl: string;
  try {
    fromUrl = decodeURIComponent(segment);
  } catch {
    fromUrl = segment;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  fromUrl = fromUrl.replace(/[\u0000-\u001f\u007f-\u009f/\\]/g, "");
  const base = (run.fileName ?? fromUrl).replace(/\.[A-Za-z0-9]{1,5}$/, "") || "import";
  return `${base.slice(0, 250)}.${extensionFor(mimeType)}`;
}
