// Rendering a carousel's slides into JPEG media items of its workspace library. The new items
// replace the carousel's previous ones in one transaction, which also books their bytes on the
// organization's storage quota; objects are written first and removed again if that fails.
import crypto from "node:crypto";
import { renderSlide, type BrandMark, type Design, type SlideCopy } from "../../carousel/render/index.ts";
import { db, type Tx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { log } from "../../log.ts";
import { storage } from "../../storage/index.ts";
import { deleteObjectQuietly, releaseInTx } from "../media/release-media.ts";

export type SlideSet = { design: Design; slides: SlideCopy[]; brand: BrandMark; language: string; images?: (Buffer | null)[] };
type Owner = { carouselId: string; workspaceId: string; organizationId: string; createdById: string };
type Rendered = { mediaId: string; key: string; size: number; width: number; height: number; version: string };

export type SlideTimings = { renderMs: number[] };

export async function renderAndStoreSlides(owner: Owner, set: SlideSet, finish: (tx: Tx) => Promise<void>): Promise<SlideTimings> {
  const store = await storage();
  const rendered: Rendered[] = [];
  const renderMs: number[] = [];
  try {
    for (const [index, slide] of set.slides.entries()) {
      const started = performance.now();
      const out = await renderSlide({
        design: set.design,
        slide,
        index,
        total: set.slides.length,
        brand: set.brand,
        image: set.images?.[index] ?? null,
        language: set.language,
      });
      renderMs.push(performance.now() - started);
      const mediaId = crypto.randomUUID();
      const key = `media/${owner.workspaceId}/${mediaId}.jpg`;
      const info = await store.put(key, out.jpeg, "image/jpeg");
      rendered.push({ mediaId, key, size: out.jpeg.length, width: out.width, height: out.height, version: info.version });
    }
    const released = await db.$transaction(async (tx) => {
      const total = rendered.reduce((sum, r) => sum + r.size, 0);
      const booked = await tx.$queryRaw<{ id: string }[]>`
        UPDATE "Organization" SET "mediaUsedBytes" = "mediaUsedBytes" + ${BigInt(total)}, "updatedAt" = now()
         WHERE id = ${owner.organizationId}::uuid AND "mediaUsedBytes" + ${BigInt(total)} <= "mediaQuotaBytes" RETURNING id`;
      if (!booked[0]) throw new AppError("STORAGE_QUOTA_EXCEEDED", "The organization's media storage quota cannot hold the rendered slides");
      const previous = await replacePrevious(tx, owner);
      const now = new Date();
      await tx.mediaItem.createMany({
        data: rendered.map((r, position) => ({
          id: r.mediaId,
          workspaceId: owner.workspaceId,
          organizationId: owner.organizationId,
          createdById: owner.createdById,
          status: "CONFIRMED" as const,
          mediaType: "IMAGE" as const,
          fileName: `carousel-${owner.carouselId.slice(0, 8)}-${String(position + 1).padStart(2, "0")}.jpg`,
          mimeType: "image/jpeg",
          fileSize: BigInt(r.size),
          fileKey: crypto.randomBytes(18).toString("base64url"),
          storageKey: r.key,
          objectVersion: r.version,
          width: r.width,
          height: r.height,
          carouselId: owner.carouselId,
          carouselPosition: position,
          uploadExpiresAt: now,
          confirmExpiresAt: now,
          uploadedAt: now,
          confirmedAt: now,
        })),
      });
      await finish(tx);
      return previous;
    });
    for (const key of released) await deleteObjectQuietly(key);
    return { renderMs };
  } catch (err) {
    for (const r of rendered) await deleteObjectQuietly(r.key);
    throw err;
  }
}

/**
 * The carousel's earlier slides leave it. Those a pending post still uses stay in the library
 * (detached from the carousel) so the post can publish; the others are deleted.
 */
async function replacePrevious(tx: Tx, owner: Owner): Promise<string[]> {
  const previous = await tx.mediaItem.findMany({ where: { carouselId: owner.carouselId, status: "CONFIRMED" }, select: { id: true } });
  const keys: string[] = [];
  for (const { id } of previous) {
    const [inUse] = await tx.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "PublishJob"
       WHERE "workspaceId" = ${owner.workspaceId}::uuid AND status IN ('queued', 'scheduled', 'processing') AND payload::text LIKE ${`%${id}%`}`;
    if (inUse && inUse.n > 0n) {
      await tx.mediaItem.update({ where: { id }, data: { carouselId: null, carouselPosition: null } });
      log.info("a replaced carousel slide stays in the library for a pending post", { mediaId: id, carouselId: owner.carouselId });
      continue;
    }
    const released = await releaseInTx(tx, id, "DELETED");
    if (released) keys.push(released.storageKey);
  }
  return keys;
}
