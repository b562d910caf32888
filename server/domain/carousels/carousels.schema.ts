// Carousels: the options query, the generation request, the carousel poll, brands and templates.
import { z } from "zod";

export const aspectRatioSchema = z.enum(["1:1", "4:5", "9:16"]).meta({ description: "width:height: 1:1 is 1080×1080, 4:5 is 1080×1350, 9:16 is 1080×1920" });
export const carouselStatusSchema = z.enum(["queued", "writing", "rendering", "completed", "failed"]).meta({
  description:
    "`queued` → `writing` (source and copy) → `rendering` (slides) → `completed`; any step may end in `failed` (credits refunded). Wait for `completed` or `failed`.",
});

export const MIN_SLIDES = 2;
export const MAX_SLIDES = 10;
const languageCode = z
  .string()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, "must be a language code such as en, de or pt-BR")
  .meta({ description: "BCP 47 language code of the copy (default en)" });

export const carouselOptionsQuery = z.strictObject({
  templateSource: z
    .enum(["posteady", "workspace"], { error: "must be posteady (the service's templates) or workspace (templates saved in this workspace)" })
    .default("posteady")
    .meta({ description: "`posteady`: the service's templates (default). `workspace`: templates saved in the key's workspace." }),
  cursor: z.string().max(200).optional().meta({ description: "The `nextTemplateCursor` of the previous answer" }),
  limit: z.coerce.number().int().min(1).max(50).default(20).meta({ description: "Templates per page (1 to 50, default 20)" }),
});
export type CarouselOptionsQuery = z.output<typeof carouselOptionsQuery>;

export const brandSchema = z
  .object({ brandId: z.uuid(), name: z.string(), hasLogo: z.boolean() })
  .meta({ id: "Brand", description: "A brand of the workspace: its name and logo are placed on slides" });

export const templateSchema = z
  .object({
    templateId: z.uuid(),
    name: z.string(),
    aspectRatio: aspectRatioSchema,
    slideCount: z.number().int(),
    language: z.string(),
    previewUrl: z.url().meta({ description: "A rendered JPEG of the template's first slide (time-limited link, 1 hour)" }),
  })
  .meta({ id: "CarouselTemplate" });

export const carouselOptionsSchema = z
  .object({
    generationCredits: z.number().int().meta({ description: "Credits one generation costs" }),
    imageCredits: z.number().int().meta({ description: "Additional credits per slide image when `imageMode` is `ai`" }),
    creditBalance: z.number().int().meta({ description: "Credits the organization has left" }),
    aiImagesAvailable: z.boolean().meta({ description: "Whether `imageMode: ai` is accepted (an images API is configured)" }),
    copyWriter: z
      .object({
        kind: z.enum(["builtin", "openai-compatible"]),
        model: z.string().nullable().meta({ description: "The chat model, for an OpenAI-compatible writer" }),
      })
      .meta({
        description:
          "Who writes the copy: the built-in writer (offline; specific points for the subjects it knows, general advice otherwise) or the OpenAI-compatible API of LLM_BASE_URL",
      }),
    brands: z.array(brandSchema),
    templates: z.array(templateSchema),
    nextTemplateCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null when there are no more" }),
  })
  .meta({ id: "CarouselOptions" });

export const createCarouselBody = z
  .strictObject({
    requestId: z
      .uuid()
      .meta({ description: "Idempotency key: the same requestId with the same body answers the same carousel; with another body 409 REQUEST_CONFLICT" }),
    topic: z.string().trim().min(1, "must not be empty").max(500).optional().meta({ description: "Source: a topic the copy is written about" }),
    text: z.string().trim().min(1, "must not be empty").max(20_000).optional().meta({ description: "Source: a text condensed into slides" }),
    url: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(2048)
      .optional()
      .meta({ description: "Source: an http(s) page whose main text is used; private, loopback and link-local addresses are refused" }),
    slideCount: z.number().int().min(MIN_SLIDES).max(MAX_SLIDES).optional().meta({
      description:
        "2 to 10 (an Instagram carousel's range); default: for a topic that asks for a number of points (\"5 tips…\"), that many plus the first and last slides; else the template's count, else 7",
    }),
    language: languageCode.optional(),
    templateId: z
      .uuid()
      .optional()
      .meta({ description: "Keep this template's design (from the options endpoint); without it the service designs the carousel" }),
    brandId: z.uuid().optional().meta({ description: "A brand of the workspace (from the options endpoint) whose name, logo and colors go on the slides" }),
    imageMode: z
      .enum(["none", "ai"])
      .default("none")
      .meta({ description: "`ai` adds a generated illustration to every slide, charged `imageCredits` per slide; refused when no images API is configured" }),
    aspectRatio: aspectRatioSchema.optional().meta({ description: "Only without templateId (a template fixes its ratio); default 4:5" }),
  })
  .superRefine((body, ctx) => {
    const sources = (["topic", "text", "url"] as const).filter((k) => body[k] !== undefined);
    if (sources.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: sources.length ? [sources[1]!] : ["topic"],
        message: sources.length ? `give exactly one of topic, text, url (got ${sources.join(", ")})` : "give exactly one of topic, text, url",
      });
    }
    if (body.templateId && body.aspectRatio)
      ctx.addIssue({ code: "custom", path: ["aspectRatio"], message: "a template fixes the aspect ratio; omit aspectRatio with templateId" });
  })
  .meta({ id: "CreateCarouselRequest" });
export type CreateCarouselBody = z.output<typeof createCarouselBody>;

export const carouselAcceptedSchema = z
  .object({ carouselId: z.uuid(), status: carouselStatusSchema })
  .meta({ id: "CarouselAccepted", description: "Poll GET /api/v1/carousels/{carouselId} until status is completed or failed" });

export const carouselImageSchema = z
  .object({
    mediaId: z.uuid().meta({ description: "A JPEG media item of the workspace library" }),
    url: z.url(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: "CarouselImage" });

export const carouselSchema = z
  .object({
    carouselId: z.uuid(),
    status: carouselStatusSchema,
    editorUrl: z.url().meta({ description: "The dashboard's editor for this carousel (sign-in required)" }),
    title: z.string(),
    caption: z.string(),
    aspectRatio: aspectRatioSchema,
    slideCount: z.number().int().meta({ description: "As asked, or fewer once written when the source has fewer points (see `warnings`)" }),
    warnings: z.array(z.string()).meta({
      description:
        "What the copy writer could not do as asked, e.g. a text with fewer points than slides (the carousel is shorter rather than padded) or a topic the built-in writer has only general advice for",
    }),
    images: z.array(carouselImageSchema).meta({ description: "The slides in order, once completed (empty before)" }),
    language: z.string(),
    source: z.enum(["topic", "text", "url"]),
    templateId: z.uuid().nullable(),
    brandId: z.uuid().nullable(),
    imageMode: z.enum(["none", "ai"]),
    creditsCharged: z.number().int().meta({ description: "Debited at acceptance; refunded when generation fails" }),
    error: z.object({ code: z.string(), message: z.string() }).nullable().meta({
      description: "When failed: SOURCE_REFUSED, SOURCE_UNAVAILABLE, SOURCE_EMPTY, COPY_FAILED, IMAGE_FAILED, RENDER_FAILED or STORAGE_QUOTA_EXCEEDED",
    }),
    createdAt: z.iso.datetime({ offset: true }),
    completedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "Carousel" });
export type CarouselView = z.infer<typeof carouselSchema>;

export const carouselIdParams = z.strictObject({ id: z.uuid() });

// Dashboard-only inputs (tRPC): brands and the editor.
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c");
export const paletteSchema = z.object({ background: hexColor, text: hexColor, accent: hexColor });
export const brandInput = z.strictObject({
  name: z.string().trim().min(1).max(80),
  colors: paletteSchema.partial().default({}),
  /** a PNG or JPEG logo as base64 (at most 1 MiB); null removes it; omitted keeps it */
  logoBase64: z.string().max(1_400_000).nullable().optional(),
});
export const slideEditSchema = z.object({ kind: z.enum(["hook", "body", "cta"]), heading: z.string().trim().min(1).max(300), body: z.string().max(1200) });
export const carouselEditInput = z.strictObject({
  carouselId: z.uuid(),
  slides: z.array(slideEditSchema).min(1).max(MAX_SLIDES),
  layout: z.string().min(1).max(40),
  palette: paletteSchema,
  font: z.enum(["inter", "playfair", "space-grotesk"]),
  brandId: z.uuid().nullable(),
  title: z.string().max(200),
  caption: z.string().max(2200),
});
export type CarouselEdit = z.output<typeof carouselEditInput>;
