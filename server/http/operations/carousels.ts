import {
  carouselAcceptedSchema,
  carouselIdParams,
  carouselOptionsQuery,
  carouselOptionsSchema,
  carouselSchema,
  createCarouselBody,
} from "../../domain/carousels/carousels.schema.ts";
import { defineOperation } from "../operation.ts";

const carouselId = "2b7c9d1e-4f3a-4b5c-8d6e-9f0a1b2c3d4e";
const mediaUrl = "https://posteady.example/storage/object/media/slide.jpg?expires=1795000000&signature=c2lnbmF0dXJl";

export const carouselOptionsOp = defineOperation({
  operationId: "getCarouselOptions",
  method: "GET",
  path: "/api/v1/carousels/options",
  tag: "Carousels",
  scope: "carousels:read",
  summary: "Costs, brands and templates for carousel generation",
  description: [
    "What `POST /api/v1/carousels` accepts: the cost of one generation (`generationCredits`, plus `imageCredits` per slide with `imageMode: ai`), the organization's `creditBalance`, the workspace's brands, and one page of templates.",
    "",
    "`templateSource` is `posteady` (the service's built-in templates, default) or `workspace` (templates saved from the carousel editor in this workspace); any other value is 422. Templates are paged oldest first; pass `nextTemplateCursor` as `cursor` until it is null.",
  ].join("\n"),
  query: carouselOptionsQuery,
  responses: {
    200: {
      description: "Options",
      schema: carouselOptionsSchema,
      example: {
        generationCredits: 1,
        imageCredits: 1,
        creditBalance: 49,
        aiImagesAvailable: false,
        copyWriter: { kind: "builtin", model: null },
        brands: [{ brandId: "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d", name: "Acme", hasLogo: true }],
        templates: [
          {
            templateId: "0f1e2d3c-4b5a-5968-8776-655443322110",
            name: "Bold statement",
            aspectRatio: "4:5",
            slideCount: 7,
            language: "en",
            previewUrl: mediaUrl,
          },
        ],
        nextTemplateCursor: null,
      },
    },
  },
});

export const createCarouselOp = defineOperation({
  operationId: "createCarousel",
  method: "POST",
  path: "/api/v1/carousels",
  tag: "Carousels",
  scope: "carousels:write",
  summary: "Generate a carousel",
  description: [
    "Queues generation and answers **202** with `carouselId`; poll `GET /api/v1/carousels/{carouselId}` until `status` is `completed` or `failed`.",
    "",
    "- **Source**: exactly one of `topic` (copy is written about it), `text` (condensed into slides) or `url` (an http(s) page whose main text is extracted; private, loopback and link-local addresses are refused, also after DNS resolution and on every redirect; at most 2 MiB and 10 s).",
    "- **Copy**: by the OpenAI-compatible model the operator configured, else by the built-in writer (a hook slide, one idea per slide, a closing call to action).",
    "- **Design**: `templateId` keeps that template's design, slide count and language unless given; without it the service picks a built-in design for `aspectRatio` (default 4:5). `brandId` places a brand's name, logo and colours on every slide.",
    "- **Cost**: `generationCredits` per carousel plus `imageCredits` per slide with `imageMode: ai`, debited now and refunded if generation fails. Not enough credits: 402 `INSUFFICIENT_CREDITS` and nothing is created.",
    "- **Errors answered at once** (nothing created, nothing charged): 422 for input (two sources or none, an empty text, a refused URL, `imageMode: ai` without an images API), 404 for an unknown template or brand, 402 for credits.",
    "- **Idempotency**: the same `requestId` with the same body answers the same carousel (202); with another body 409 `REQUEST_CONFLICT`.",
    "- **Output**: every slide is a JPEG in the workspace media library (`GET /api/v1/media?mediaType=IMAGE`), usable at once in an Instagram `FEED` carousel.",
  ].join("\n"),
  body: createCarouselBody,
  bodyExample: {
    requestId: "5c4b3a29-1807-4f6e-9d5c-4b3a29180706",
    text: "Remote work changed how teams communicate. Asynchronous writing became the main way to share decisions…",
    slideCount: 6,
    language: "en",
    brandId: "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
  },
  responses: { 202: { description: "Accepted (or the same request again)", schema: carouselAcceptedSchema, example: { carouselId, status: "queued" } } },
  errors: ["INSUFFICIENT_CREDITS", "NOT_FOUND", "REQUEST_CONFLICT"],
});

export const getCarouselOp = defineOperation({
  operationId: "getCarousel",
  method: "GET",
  path: "/api/v1/carousels/{id}",
  tag: "Carousels",
  scope: "carousels:read",
  summary: "Poll a carousel",
  description:
    "The carousel and, once `completed`, its slides (`images`, in order; each a JPEG media item with a time-limited `url`). `failed` carries `error.code` and the credits are refunded. Another workspace's carousel: 404.",
  params: carouselIdParams,
  responses: {
    200: {
      description: "The carousel",
      schema: carouselSchema,
      example: {
        carouselId,
        status: "completed",
        editorUrl: `https://posteady.example/carousels/${carouselId}/edit`,
        title: "Remote work changed how teams communicate",
        caption: "Asynchronous writing became the main way to share decisions.\n\n#remote #asynchronous",
        aspectRatio: "4:5",
        slideCount: 6,
        warnings: [],
        images: [{ mediaId: "6d5c4b3a-2918-4f7e-8d6c-5b4a39281706", url: mediaUrl, width: 1080, height: 1350 }],
        language: "en",
        source: "text",
        templateId: null,
        brandId: null,
        imageMode: "none",
        creditsCharged: 1,
        error: null,
        createdAt: "2026-11-22T10:00:00.000Z",
        completedAt: "2026-11-22T10:00:02.000Z",
      },
    },
  },
  errors: ["NOT_FOUND"],
});
