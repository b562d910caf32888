// A carousel as the API shows it (SPEC.md "Carousel" plus its state and cost).
import type { Carousel, MediaItem } from "../../db.ts";
import { env } from "../../env.ts";
import { storage } from "../../storage/index.ts";
import { DOWNLOAD_URL_SECONDS } from "../media/present-media.ts";
import type { CarouselView } from "./carousels.schema.ts";

export const editorUrl = (carouselId: string) => `${env().publicUrl}/carousels/${carouselId}/edit`;

export async function presentCarousel(carousel: Carousel, images: MediaItem[]): Promise<CarouselView> {
  const store = await storage();
  return {
    carouselId: carousel.id,
    status: carousel.status,
    editorUrl: editorUrl(carousel.id),
    title: carousel.title,
    caption: carousel.caption,
    aspectRatio: carousel.aspectRatio as CarouselView["aspectRatio"],
    slideCount: carousel.slideCount,
    warnings: carousel.warnings as string[],
    images: await Promise.all(
      images.map(async (m) => ({
        mediaId: m.id,
        url: await store.presignDownload(m.storageKey, { expiresInSeconds: DOWNLOAD_URL_SECONDS, contentType: "image/jpeg" }),
        width: m.width ?? 0,
        height: m.height ?? 0,
      })),
    ),
    language: carousel.language,
    source: carousel.sourceKind as CarouselView["source"],
    templateId: carousel.templateId,
    brandId: carousel.brandId,
    imageMode: (carousel.imageMode ?? "none") as CarouselView["imageMode"],
    creditsCharged: carousel.creditsCharged,
    error: carousel.errorCode ? { code: carousel.errorCode, message: carousel.errorMessage ?? "" } : null,
    createdAt: carousel.createdAt.toISOString(),
    completedAt: carousel.completedAt?.toISOString() ?? null,
  };
}
