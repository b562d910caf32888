import type { Task } from "graphile-worker";
import { failCarousel, generateCarousel, sweepStaleCarousels } from "../../domain/carousels/generate-carousel.ts";
import { db } from "../../db.ts";

export const generateCarouselTask: Task = async (payload, helpers) => {
  const { carouselId } = payload as { carouselId: string };
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
