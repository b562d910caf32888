import type { Task } from "graphile-worker";
import { db } from "../../db.ts";
import { failCarousel, sweepStaleCarousels } from "../../domain/carousels/fail-carousel.ts";

export const generateCarouselTask: Task = async (payload, helpers) => {
  const { carouselId } = payload as { carouselId: string };
  // The generator (and with it the renderer: fonts, layout engine, ~120 MB) loads with the first
  // carousel a worker runs, not at its start: most workers publish far more than they render.
  const { generateCarousel } = await import("../../domain/carousels/generate-carousel.ts");
  try {
    await generateCarousel(carouselId);
  } catch (err) {
    // Infrastructure errors are retried by the queue; after the last attempt the carousel fails (with its refund).
    if (helpers.job.attempts >= helpers.job.max_attempts) {
      const c = await db.carousel.findUnique({ where: { id: carouselId }, select: { workspace: { select: { organizationId: true } } } });
      if (c) await failCarousel(carouselId, c.workspace.organizationId, "RENDER_FAILED", "Generation failed repeatedly; the credits were refunded");
    }
    throw err;
  }
};

export const sweepCarouselsTask: Task = async (_payload, helpers) => {
  const swept = await sweepStaleCarousels();
  if (swept > 0) helpers.logger.warn(`stopped ${swept} carousels without progress`);
};
