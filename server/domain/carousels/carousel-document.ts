// A completed carousel as a document (a LinkedIn document post): a PDF with one page per slide,
// in slide order, each page the slide's rendered JPEG at its own size. The PDF is derived, not a
// library item (docs/architecture.md, "Carousel documents"): it is built once per rendering of the
// slides, kept in storage under a key named by those slides, and handed out like any stored media.
import crypto from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { db, type MediaItem } from "../../db.ts";
import { fieldError } from "../../errors.ts";
import type { PostMediaItem } from "../../platforms/types.ts";
import { storage } from "../../storage/index.ts";
import type { Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { sourceOf } from "../publishing/engine/media-source.ts";
import { carouselImages } from "./get-carousel.ts";

export type CarouselDocument = PostMediaItem & { kind: "document"; title: string };

/** LinkedIn shows a document's title above it; a carousel without one gets this. */
const FALLBACK_TITLE = "Carousel";

/**
 * The carousel's slides as a PDF document, ready to be a post's media item. An unknown or another
 * workspace's carousel, or one not completed, is a 422 naming `field` (the caller's path to the id).
 */
export async function carouselDocument(scope: Scope, carouselId: string, field = "carouselId"): Promise<CarouselDocument> {
  const carousel = isUuid(carouselId) ? await db.carousel.findFirst({ where: { id: carouselId, workspaceId: scope.workspaceId } }) : null;
  if (!carousel) throw fieldError(field, "no carousel with this id in the workspace", "not_found");
  if (carousel.status !== "completed")
    throw fieldError(field, `the carousel is ${carousel.status}; only a completed carousel becomes a document`, "not_completed");
  const slides = await carouselImages(carousel.id);
  if (slides.length === 0) throw fieldError(field, "the carousel has no slides", "not_completed");
  const title = carousel.title.trim() || FALLBACK_TITLE;

  const store = await storage();
  const key = documentKey(scope.workspaceId, carousel.id, slides);
  let info = await store.head(key);
  if (!info) {
    const pdf = await buildPdf(slides, title, carousel.completedAt ?? carousel.updatedAt);
    info = await store.put(key, pdf, "application/pdf");
  }
  const source = await sourceOf({
    id: `${carousel.id}.pdf`,
    storageKey: key,
    mimeType: "application/pdf",
    fileSize: info.size,
    durationSeconds: null,
    width: null,
    height: null,
  });
  return { kind: "document", title, source };
}

/** Named by the slides it is made of: new slides (an edit re-renders them) make a new document. */
function documentKey(workspaceId: string, carouselId: string, slides: MediaItem[]): string {
  const slideHash = crypto
    .createHash("sha256")
    .update(slides.map((s) => `${s.id}:${s.objectVersion ?? ""}`).join("\n"))
    .digest("hex")
    .slice(0, 32);
  return `derived/${workspaceId}/carousels/${carouselId}/${slideHash}.pdf`;
}

/** One page per slide, the JPEG embedded as it is (no re-encoding), page size = image size. Same slides, same bytes. */
async function buildPdf(slides: MediaItem[], title: string, date: Date): Promise<Buffer> {
  const store = await storage();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  pdf.setProducer("Posteady");
  pdf.setCreator("Posteady");
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  for (const slide of slides) {
    const jpeg = await pdf.embedJpg(await store.readRange(slide.storageKey, 0, Number(slide.fileSize)));
    const page = pdf.addPage([jpeg.width, jpeg.height]);
    page.drawImage(jpeg, { x: 0, y: 0, width: jpeg.width, height: jpeg.height });
  }
  return Buffer.from(await pdf.save());
}
