// GET /api/v1/carousels/{id}: the poll. Another workspace's carousel is not found.
import { db } from "../../db.ts";
import { notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { presentCarousel } from "./present-carousel.ts";

export async function findCarouselOrThrow(scope: Scope, carouselId: string) {
  const carousel = isUuid(carouselId) ? await db.carousel.findFirst({ where: { id: carouselId, workspaceId: scope.workspaceId } }) : null;
  if (!carousel) throw notFound("Carousel");
  return carousel;
}

export async function carouselImages(carouselId: string) {
  return db.mediaItem.findMany({ where: { carouselId, status: "CONFIRMED" }, orderBy: { carouselPosition: "asc" } });
}

export async function getCarousel(scope: Scope, carouselId: string) {
  const carousel = await findCarouselOrThrow(scope, carouselId);
  return presentCarousel(carousel, await carouselImages(carousel.id));
}

export async function listCarousels(scope: Scope) {
  const carousels = await db.carousel.findMany({ where: { workspaceId: scope.workspaceId }, orderBy: { createdAt: "desc" }, take: 100 });
  const images = await db.mediaItem.findMany({
    where: { carouselId: { in: carousels.map((c) => c.id) }, status: "CONFIRMED" },
    orderBy: { carouselPosition: "asc" },
  });
  return Promise.all(
    carousels.map((c) =>
      presentCarousel(
        c,
        images.filter((m) => m.carouselId === c.id),
      ),
    ),
  );
}
