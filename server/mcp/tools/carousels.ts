import { z } from "zod";
import {
  carouselAcceptedSchema,
  carouselIdParams,
  carouselOptionsQuery,
  carouselOptionsSchema,
  carouselSchema,
  createCarouselBody,
} from "../../domain/carousels/carousels.schema.ts";
import { createCarousel } from "../../domain/carousels/create-carousel.ts";
import { getCarousel } from "../../domain/carousels/get-carousel.ts";
import { getCarouselOptions } from "../../domain/carousels/get-carousel-options.ts";
import { defineTool } from "../tool.ts";

export const getCarouselOptionsTool = defineTool({
  name: "get_carousel_options",
  title: "Carousel options",
  scope: "carousels:read",
  description:
    "What create_carousel accepts: generationCredits (cost of one carousel), imageCredits (extra per slide with imageMode ai), creditBalance, the workspace's brands and a page of templates (templateSource posteady: the service's; workspace: saved in this workspace; page with cursor = nextTemplateCursor).",
  input: carouselOptionsQuery,
  output: carouselOptionsSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getCarouselOptions(scope, input),
});

export const createCarouselTool = defineTool({
  name: "create_carousel",
  title: "Generate an image carousel",
  scope: "carousels:write",
  description:
    "Starts generating a carousel from exactly one of topic, text or url (an http(s) page). Optional: slideCount 2-10, language, templateId and brandId (from get_carousel_options), aspectRatio without a template, imageMode ai (charged per slide). requestId is a fresh UUID, kept when retrying. Returns carouselId; poll get_carousel until completed (images are JPEG media ids usable in publish_post's instagram FEED items) or failed (credits refunded). Not enough credits fails with INSUFFICIENT_CREDITS.",
  input: createCarouselBody,
  output: carouselAcceptedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run: async (scope, input) => (await createCarousel(scope, input)).body,
});

export const getCarouselTool = defineTool({
  name: "get_carousel",
  title: "Get a carousel",
  scope: "carousels:read",
  description:
    "A carousel by carouselId: status (queued, writing, rendering, then completed or failed), title, caption, and once completed its slides as images (mediaId, url, width, height) in order. Poll every second or two.",
  input: z.strictObject({ carouselId: carouselIdParams.shape.id.meta({ description: "The carouselId from create_carousel" }) }),
  output: carouselSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getCarousel(scope, input.carouselId),
});
