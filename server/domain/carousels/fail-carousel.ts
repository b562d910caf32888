// A carousel's failure, with its refund, and the sweep that fails carousels whose generation
// stopped. Apart from the generator, so the worker's queue tasks reach them without loading the
// renderer.
import { db } from "../../db.ts";
import { log } from "../../log.ts";
import { refundCarousel } from "./credits.ts";

export type FailureCode =
  "SOURCE_REFUSED" | "SOURCE_UNAVAILABLE" | "SOURCE_EMPTY" | "COPY_FAILED" | "IMAGE_FAILED" | "RENDER_FAILED" | "STORAGE_QUOTA_EXCEEDED";

/** The one transition to `failed`: only from a non-terminal state, with the refund in the same transaction. */
export async function failCarousel(carouselId: string, organizationId: string, code: FailureCode, message: string) {
  await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ creditsCharged: number }[]>`
      UPDATE "Carousel" SET status = 'failed', "errorCode" = ${code}, "errorMessage" = ${message}, "completedAt" = now(), "updatedAt" = now()
       WHERE id = ${carouselId}::uuid AND status NOT IN ('completed', 'failed') RETURNING "creditsCharged"`;
    if (rows[0]) await refundCarousel(tx, organizationId, carouselId, rows[0].creditsCharged);
  });
  log.info("carousel failed", { carouselId, code, message });
}

const STALE_MINUTES = 15;

/**
 * Carousels without progress for 15 minutes (their worker died and the queue's own lock
 * timeout is hours) fail with a refund; a late finish of the same run is then refused.
 */
export async function sweepStaleCarousels(): Promise<number> {
  const stale = await db.carousel.findMany({
    where: { status: { in: ["queued", "writing", "rendering"] }, updatedAt: { lt: new Date(Date.now() - STALE_MINUTES * 60_000) } },
    select: { id: true, workspace: { select: { organizationId: true } } },
    take: 100,
  });
  for (const c of stale) {
    await failCarousel(c.id, c.workspace.organizationId, "RENDER_FAILED", `Generation made no progress for ${STALE_MINUTES} minutes and was stopped`);
    await db.$queryRaw`SELECT graphile_worker.remove_job(${`carousel:${c.id}`})`;
  }
  return stale.length;
}
