import { z } from "zod";
import { createBrand, deleteBrand, listBrands, updateBrand } from "../../domain/carousels/brands.ts";
import { brandInput, carouselEditInput, carouselOptionsQuery, createCarouselBody } from "../../domain/carousels/carousels.schema.ts";
import { createCarousel } from "../../domain/carousels/create-carousel.ts";
import { getCarouselEditor, rerenderCarousel, saveAsTemplate, saveCarouselEdit } from "../../domain/carousels/edit-carousel.ts";
import { getCarouselOptions } from "../../domain/carousels/get-carousel-options.ts";
import { listCarousels } from "../../domain/carousels/get-carousel.ts";
import { router, workspaceProcedure } from "../init.ts";

export const carouselsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listCarousels(ctx.scope)),
  options: workspaceProcedure.input(carouselOptionsQuery).query(({ ctx, input }) => getCarouselOptions(ctx.scope, input)),
  create: workspaceProcedure.input(createCarouselBody).mutation(async ({ ctx, input }) => (await createCarousel(ctx.scope, input)).body),
  editor: workspaceProcedure.input(z.object({ carouselId: z.uuid() })).query(({ ctx, input }) => getCarouselEditor(ctx.scope, input.carouselId)),
  save: workspaceProcedure.input(carouselEditInput).mutation(({ ctx, input }) => saveCarouselEdit(ctx.scope, input)),
  rerender: workspaceProcedure.input(carouselEditInput).mutation(({ ctx, input }) => rerenderCarousel(ctx.scope, input)),
  saveAsTemplate: workspaceProcedure
    .input(z.object({ carouselId: z.uuid(), name: z.string().trim().min(1).max(80) }))
    .mutation(({ ctx, input }) => saveAsTemplate(ctx.scope, input)),
});

export const brandsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listBrands(ctx.scope)),
  create: workspaceProcedure.input(brandInput).mutation(({ ctx, input }) => createBrand(ctx.scope, input)),
  update: workspaceProcedure
    .input(brandInput.extend({ brandId: z.uuid() }))
    .mutation(({ ctx, input: { brandId, ...input } }) => updateBrand(ctx.scope, brandId, input)),
  remove: workspaceProcedure.input(z.object({ brandId: z.uuid() })).mutation(({ ctx, input }) => deleteBrand(ctx.scope, input.brandId)),
});
