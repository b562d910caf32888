// The dashboard's carousel editor: change slide copy, order, layout, colours and brand, then
// re-render (the new JPEGs replace the carousel's slides in the library), or keep the design
// as a workspace template.
import crypto from "node:crypto";
import { layouts, type Design, type SlideCopy } from "../../carousel/render/index.ts";
import { db } from "../../db.ts";
import { AppError, fieldError } from "../../errors.ts";
import { actorUserId, assertCan, type Scope } from "../access.ts";
import { brandMark, findBrandOrThrow } from "./brands.ts";
import type { CarouselEdit } from "./carousels.schema.ts";
import { findCarouselOrThrow, getCarousel } from "./get-carousel.ts";
import { ensurePreview } from "./template-previews.ts";
import { renderAndStoreSlides } from "./store-slides.ts";

export async function getCarouselEditor(scope: Scope, carouselId: string) {
  const carousel = await findCarouselOrThrow(scope, carouselId);
  const design = carousel.design as Design;
  return { carousel: await getCarousel(scope, carouselId), slides: carousel.slides as SlideCopy[], design, layouts };
}

async function editable(scope: Scope, edit: CarouselEdit) {
  assertCan(scope, "content.publish");
  const carousel = await findCarouselOrThrow(scope, edit.carouselId);
  if (carousel.status !== "completed") throw new AppError("CONFLICT", "Only a completed carousel can be edited");
  if (!layouts.includes(edit.layout)) throw fieldError("layout", `must be one of ${layouts.join(", ")}`);
  const brand = edit.brandId ? await findBrandOrThrow(scope, edit.brandId) : null;
  const design: Design = { ...(carousel.design as Design), layout: edit.layout, palette: edit.palette, font: edit.font };
  const slides: SlideCopy[] = edit.slides.map((s, i) => ({
    ...s,
    kind: i === 0 ? "hook" : i === edit.slides.length - 1 && edit.slides.length > 1 ? "cta" : s.kind === "cta" || s.kind === "hook" ? "body" : s.kind,
  }));
  return { carousel, brand, design, slides };
}

/** Saves the edit without rendering. */
export async function saveCarouselEdit(scope: Scope, edit: CarouselEdit) {
  const { carousel, brand, design, slides } = await editable(scope, edit);
  await db.carousel.update({
    where: { id: carousel.id },
    data: { slides, design, brandId: brand?.id ?? null, title: edit.title, caption: edit.caption, slideCount: slides.length },
  });
  return getCarouselEditor(scope, carousel.id);
}

/** Saves the edit and renders every slide again; the new images replace the old ones. */
export async function rerenderCarousel(scope: Scope, edit: CarouselEdit) {
  const { carousel, brand, design, slides } = await editable(scope, edit);
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: scope.workspaceId }, select: { organizationId: true } });
  await renderAndStoreSlides(
    {
      carouselId: carousel.id,
      workspaceId: scope.workspaceId,
      organizationId: workspace.organizationId,
      createdById: actorUserId(scope) ?? carousel.createdById!,
    },
    { design, slides, brand: await brandMark(brand), language: carousel.language },
    async (tx) => {
      await tx.carousel.update({
        where: { id: carousel.id },
        data: { slides, design, brandId: brand?.id ?? null, title: edit.title, caption: edit.caption, slideCount: slides.length },
      });
    },
  );
  return getCarouselEditor(scope, carousel.id);
}

/** Keeps the carousel's design as a template of the workspace (listed under templateSource=workspace). */
export async function saveAsTemplate(scope: Scope, input: { carouselId: string; name: string }) {
  assertCan(scope, "content.publish");
  const carousel = await findCarouselOrThrow(scope, input.carouselId);
  const design = carousel.design as Design;
  const id = crypto.randomUUID();
  await ensurePreview(id, design);
  await db.template.create({
    data: {
      id,
      workspaceId: scope.workspaceId,
      name: input.name,
      aspectRatio: design.aspectRatio,
      slideCount: carousel.slideCount,
      language: carousel.language,
      design,
    },
  });
  return { templateId: id };
}
