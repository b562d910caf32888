// A carousel generated through the API becomes a PDF document: one page per slide, in slide
// order, each page the slide's JPEG; only completed carousels of the workspace qualify.
import crypto from "node:crypto";
import { PDFDocument, PDFDict, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { isAppError, toAppError } from "../../errors.ts";
import { createCarousel, sampleText, waitForCarousel } from "../../testing/carousel-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { carouselDocument } from "./carousel-document.ts";

/** The bytes of the one image XObject a page draws. */
function pageImage(page: ReturnType<PDFDocument["getPage"]>): Buffer {
  const xobjects = page.node.Resources()!.lookup(PDFName.of("XObject"), PDFDict);
  const refs = xobjects.values();
  expect(refs).toHaveLength(1);
  const stream = page.doc.context.lookup(refs[0]!);
  expect(stream).toBeInstanceOf(PDFRawStream);
  return Buffer.from((stream as PDFRawStream).contents);
}

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isAppError(err)).toBe(true);
  return toAppError(err);
}

describe("a carousel as a document", () => {
  it("builds a PDF of the slides in order, one page each, stored once and readable by URL and by range", async () => {
    const t = await createWorkspaceWithKey();
    const accepted = await createCarousel(t.key, { text: sampleText, slideCount: 4 });
    expect(accepted.status).toBe(202);
    const carousel = await waitForCarousel(t.key, accepted.json.carouselId);
    expect(carousel.status).toBe("completed");
    const slides = await Promise.all(
      (carousel.images as { url: string; width: number; height: number }[]).map(async (i) => ({
        ...i,
        bytes: Buffer.from(await (await fetch(i.url)).arrayBuffer()),
      })),
    );

    const doc = await carouselDocument(t.scope, carousel.carouselId);
    expect(doc).toMatchObject({ kind: "document", title: carousel.title, source: { mimeType: "application/pdf" } });
    const bytes = Buffer.from(await doc.source.readRange(0, doc.source.size));
    expect(bytes.length).toBe(doc.source.size);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(slides.length);
    expect(pdf.getTitle()).toBe(carousel.title);
    for (const [i, slide] of slides.entries()) {
      const page = pdf.getPage(i);
      expect(page.getSize()).toEqual({ width: slide.width, height: slide.height });
      expect(sha256(pageImage(page))).toBe(sha256(slide.bytes));
    }
    // The signed URL serves the same bytes (platforms that fetch by URL).
    expect(sha256(Buffer.from(await (await fetch(doc.source.url)).arrayBuffer()))).toBe(sha256(bytes));

    // Asked again, the same stored document; and it is not a media library item.
    const again = await carouselDocument(t.scope, carousel.carouselId);
    expect(sha256(await again.source.readRange(0, again.source.size))).toBe(sha256(bytes));
    const images = await api(t.key)("GET", "/api/v1/media?mediaType=IMAGE");
    expect(images.json.total).toBe(slides.length);
    expect((await api(t.key)("GET", "/api/v1/media?mediaType=VIDEO")).json.total).toBe(0);
  });

  it("refuses an unknown id, another workspace's carousel and an unfinished one, naming the field", async () => {
    const t = await createWorkspaceWithKey();
    const other = await createWorkspaceWithKey();
    const accepted = await createCarousel(other.key, { text: sampleText, slideCount: 3 });
    const foreign = await waitForCarousel(other.key, accepted.json.carouselId);
    const unfinished = await db.carousel.create({
      data: {
        workspaceId: t.workspace.id,
        requestId: crypto.randomUUID(),
        fingerprint: "test",
        status: "rendering",
        sourceKind: "text",
        source: "text",
        language: "en",
        slideCount: 3,
        aspectRatio: "4:5",
        creditsCharged: 0,
      },
    });
    for (const [id, code] of [
      [crypto.randomUUID(), "not_found"],
      ["not-a-uuid", "not_found"],
      [foreign.carouselId, "not_found"],
      [unfinished.id, "not_completed"],
    ] as const) {
      const err = await refusal(carouselDocument(t.scope, id, "targets[3].linkedin.carouselId"));
      expect(err.status).toBe(422);
      expect(err.code).toBe("VALIDATION_ERROR");
      expect(err.details).toEqual({ issues: [{ path: "targets[3].linkedin.carouselId", message: expect.any(String), code, location: "body" }] });
    }
  });
});
