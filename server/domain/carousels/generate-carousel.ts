// The generation job: source → copy → (images) → slides in the media library. Each step moves
// the carousel's status forward; a failure at any step marks it `failed` with a code and gives
// the credits back, exactly once. A worker that dies mid-way leaves the job to the queue's
// retry, which starts over (earlier partial output is replaced, never duplicated).
import type { Design, SlideCopy } from "../../carousel/render/index.ts";
import { generateSlideImage } from "../../carousel/copy/ai-images.ts";
import { writeBuiltinCopy, type WrittenCopy } from "../../carousel/copy/builtin-writer.ts";
import type { CarouselCopy, CopyRequest, CopySource } from "../../carousel/copy/copy-types.ts";
import { writeLlmCopy, type LlmConfig } from "../../carousel/copy/llm-writer.ts";
import { extractArticle } from "../../carousel/source/extract-article.ts";
import { fetchPage, UrlFetchError, UrlRefusedError } from "../../carousel/source/safe-fetch.ts";
import { db, type Carousel } from "../../db.ts";
import { env } from "../../env.ts";
import { isAppError } from "../../errors.ts";
import { log } from "../../log.ts";
import { brandMark } from "./brands.ts";
import { failCarousel, type FailureCode } from "./fail-carousel.ts";
import { renderAndStoreSlides } from "./store-slides.ts";

export class GenerationFailure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
  ) {
    super(message);
    this.name = "GenerationFailure";
  }
}

/** The services generation talks to; tests pass their own (an LLM server of the sandbox). */
export type GenerationDeps = { llm: LlmConfig | null };

const MIN_SOURCE_CHARS = 80;

export async function generateCarousel(carouselId: string, deps: GenerationDeps = { llm: env().llm }) {
  const carousel = await db.carousel.findUnique({ where: { id: carouselId }, include: { brand: true, workspace: { select: { organizationId: true } } } });
  if (!carousel || carousel.status === "completed" || carousel.status === "failed") return;
  const started = performance.now();
  try {
    await setStatus(carousel.id, "writing");
    const source = await resolveSource(carousel);
    const copy = await writeCopy(deps.llm, { source, slideCount: carousel.slideCount, language: carousel.language });
    const { warnings, ...written } = copy;
    await db.carousel.update({
      where: { id: carousel.id },
      data: { status: "rendering", title: written.title, caption: written.caption, slides: written.slides, slideCount: written.slides.length, warnings },
    });
    const images = carousel.imageMode === "ai" ? await illustrate(deps.llm, copy) : undefined;
    const design = carousel.design as Design;
    const { renderMs } = await renderAndStoreSlides(
      {
        carouselId: carousel.id,
        workspaceId: carousel.workspaceId,
        organizationId: carousel.workspace.organizationId,
        createdById: carousel.createdById ?? (await workspaceOwner(carousel.workspaceId)),
      },
      { design, slides: copy.slides as SlideCopy[], brand: await brandMark(carousel.brand), language: carousel.language, images },
      async (tx) => {
        // Only from `rendering`: if the sweep gave up on this run meanwhile, its slides are not kept.
        const done = await tx.carousel.updateMany({ where: { id: carousel.id, status: "rendering" }, data: { status: "completed", completedAt: new Date() } });
        if (done.count === 0) throw new GenerationFailure("RENDER_FAILED", "The generation was given up while rendering");
      },
    ).catch((err: unknown) => {
      if (isAppError(err) && err.code === "STORAGE_QUOTA_EXCEEDED") throw new GenerationFailure("STORAGE_QUOTA_EXCEEDED", err.message);
      if (err instanceof GenerationFailure) throw err;
      throw new GenerationFailure("RENDER_FAILED", `rendering failed: ${(err as Error).message}`);
    });
    log.info("carousel completed", {
      carouselId: carousel.id,
      slides: copy.slides.length,
      ms: Math.round(performance.now() - started),
      renderMs: renderMs.map(Math.round),
    });
  } catch (err) {
    if (!(err instanceof GenerationFailure)) throw err; // the database or storage is down: the queue retries
    await failCarousel(carousel.id, carousel.workspace.organizationId, err.code, err.message);
  }
}

async function setStatus(id: string, status: "writing" | "rendering") {
  await db.carousel.update({ where: { id }, data: { status } });
}

async function workspaceOwner(workspaceId: string): Promise<string> {
  const m = await db.membership.findFirstOrThrow({ where: { workspaceId }, orderBy: { createdAt: "asc" }, select: { userId: true } });
  return m.userId;
}

async function resolveSource(carousel: Carousel): Promise<CopySource> {
  if (carousel.sourceKind === "topic") return { kind: "topic", content: carousel.source };
  if (carousel.sourceKind === "text") return { kind: "text", content: carousel.source };
  let page;
  try {
    page = await fetchPage(carousel.source);
  } catch (err) {
    if (err instanceof UrlRefusedError) throw new GenerationFailure("SOURCE_REFUSED", `The URL ${err.message}`);
    if (err instanceof UrlFetchError) throw new GenerationFailure("SOURCE_UNAVAILABLE", `The URL could not be read: ${err.message}`);
    throw new GenerationFailure("SOURCE_UNAVAILABLE", `The URL could not be read: ${(err as Error).message}`);
  }
  const article = extractArticle(page.body, page.contentType);
  if (article.text.length < MIN_SOURCE_CHARS) throw new GenerationFailure("SOURCE_EMPTY", "The page has too little readable text for a carousel");
  return { kind: "url", content: article.text, title: article.title };
}

async function writeCopy(llm: LlmConfig | null, request: CopyRequest): Promise<WrittenCopy> {
  if (!llm) return writeBuiltinCopy(request);
  try {
    return { ...(await writeLlmCopy(llm, request)), warnings: [] };
  } catch (err) {
    throw new GenerationFailure("COPY_FAILED", `The language model could not write the copy: ${(err as Error).message}`);
  }
}

async function illustrate(llm: LlmConfig | null, copy: CarouselCopy): Promise<Buffer[]> {
  const imageModel = llm?.imageModel;
  if (!llm || !imageModel) throw new GenerationFailure("IMAGE_FAILED", "No images API is configured any more");
  try {
    const out: Buffer[] = [];
    for (const slide of copy.slides) out.push(await generateSlideImage({ ...llm, imageModel }, slide as SlideCopy, copy.title));
    return out;
  } catch (err) {
    throw new GenerationFailure("IMAGE_FAILED", `The images API failed: ${(err as Error).message}`);
  }
}
