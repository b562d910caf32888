// POST /api/v1/carousels: everything a client can get wrong is answered now (422, 402, 404)
// and creates nothing; an accepted request is one transaction: the carousel row, its debit in
// the ledger and its queue entry. The requestId is unique per workspace: a concurrent
// duplicate waits on the unique index and then answers the winner.
import crypto from "node:crypto";
import { topicPointCount } from "../../carousel/copy/builtin-writer.ts";
import { builtinTemplates, type AspectRatio, type Design } from "../../carousel/render/index.ts";
import { checkUrlTarget, UrlRefusedError } from "../../carousel/source/safe-fetch.ts";
import { db, type Template } from "../../db.ts";
import { AppError, fieldError, notFound } from "../../errors.ts";
import { env } from "../../env.ts";
import { actorUserId, assertCan, type Scope } from "../access.ts";
import { ensureBuiltinTemplates } from "./builtin-templates.ts";
import { MAX_SLIDES, type CreateCarouselBody } from "./carousels.schema.ts";
import { debitForCarousel } from "./credits.ts";
import { findBrandOrThrow } from "./brands.ts";
import { GENERATE_CAROUSEL_TASK } from "./generation-queue.ts";

const DEFAULT_SLIDES = 7;
const DEFAULT_RATIO: AspectRatio = "4:5";

type Accepted = { status: 202; body: { carouselId: string; status: "queued" | "writing" | "rendering" | "completed" | "failed" } };

function fingerprintOf(body: CreateCarouselBody): string {
  const { requestId: _r, ...rest } = body;
  const ordered = Object.fromEntries(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return crypto.createHash("sha256").update(JSON.stringify(ordered)).digest("hex");
}

/** Without a template the service picks a built-in design of the ratio, the same for the same requestId. */
function serviceDesign(ratio: AspectRatio, requestId: string): Design {
  const candidates = builtinTemplates.filter((t) => t.aspectRatio === ratio);
  const pick = crypto.createHash("sha256").update(requestId).digest().readUInt32BE(0) % candidates.length;
  return candidates[pick]!.design;
}

export function carouselCost(slideCount: number, imageMode: "none" | "ai"): number {
  const e = env();
  return e.carouselGenerationCredits + (imageMode === "ai" ? slideCount * e.carouselImageCredits : 0);
}

export async function createCarousel(scope: Scope, body: CreateCarouselBody): Promise<Accepted> {
  assertCan(scope, "content.publish");
  const fingerprint = fingerprintOf(body);
  // A replay answers before anything else is checked again (the template may be gone since).
  const earlier = await db.carousel.findUnique({ where: { workspaceId_requestId: { workspaceId: scope.workspaceId, requestId: body.requestId } } });
  if (earlier) return replay(earlier, fingerprint);

  if (body.imageMode === "ai" && !env().llm?.imageModel) {
    throw fieldError(
      "imageMode",
      "ai images need an OpenAI-compatible images API, and none is configured on this service (LLM_BASE_URL and LLM_IMAGE_MODEL)",
      "unavailable",
    );
  }
  if (body.url !== undefined) {
    try {
      await checkUrlTarget(body.url);
    } catch (err) {
      if (err instanceof UrlRefusedError) throw fieldError("url", `the URL ${err.message}`, "refused");
      throw err;
    }
  }
  await ensureBuiltinTemplates();
  let template: Template | null = null;
  if (body.templateId) {
    template = await db.template.findFirst({ where: { id: body.templateId, OR: [{ workspaceId: null }, { workspaceId: scope.workspaceId }] } });
    if (!template) throw notFound("Template");
  }
  const brand = body.brandId ? await findBrandOrThrow(scope, body.brandId) : null;

  const asked = body.topic !== undefined ? topicPointCount(body.topic) : null;
  const slideCount = body.slideCount ?? (asked !== null ? Math.min(asked + 2, MAX_SLIDES) : (template?.slideCount ?? DEFAULT_SLIDES));
  const design = template ? (template.design as Design) : serviceDesign(body.aspectRatio ?? DEFAULT_RATIO, body.requestId);
  const cost = carouselCost(slideCount, body.imageMode);
  const sourceKind = body.topic !== undefined ? "topic" : body.text !== undefined ? "text" : "url";
  const id = crypto.randomUUID();

  const outcome = await db.$transaction(async (tx) => {
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Carousel" (id, "workspaceId", "requestId", fingerprint, status, "sourceKind", source, language, "slideCount", "imageMode",
                              "templateId", "brandId", "aspectRatio", design, "creditsCharged", "createdById", "updatedAt")
      VALUES (${id}::uuid, ${scope.workspaceId}::uuid, ${body.requestId}::uuid, ${fingerprint}, 'queued', ${sourceKind}, ${body.topic ?? body.text ?? body.url!},
              ${body.language ?? template?.language ?? "en"}, ${slideCount}, ${body.imageMode}, ${template?.id ?? null}::uuid, ${brand?.id ?? null}::uuid,
              ${design.aspectRatio}, ${JSON.stringify(design)}::jsonb, ${cost}, ${actorUserId(scope) ?? null}::uuid, now())
      ON CONFLICT ("workspaceId", "requestId") DO NOTHING
      RETURNING id`;
    if (!inserted[0]) return null;
    await debitForCarousel(tx, scope.organizationId, id, cost);
    await tx.$queryRaw`SELECT graphile_worker.add_job(${GENERATE_CAROUSEL_TASK}, json_build_object('carouselId', ${id}::text), job_key => ${`carousel:${id}`}, max_attempts => 3)`;
    return id;
  });
  if (outcome) return { status: 202, body: { carouselId: outcome, status: "queued" } };
  const winner = await db.carousel.findUniqueOrThrow({ where: { workspaceId_requestId: { workspaceId: scope.workspaceId, requestId: body.requestId } } });
  return replay(winner, fingerprint);
}

function replay(carousel: { id: string; fingerprint: string; status: Accepted["body"]["status"] }, fingerprint: string): Accepted {
  if (carousel.fingerprint !== fingerprint) {
    throw new AppError("REQUEST_CONFLICT", "This requestId was already used with a different carousel request; use a new requestId for a new carousel", {
      carouselId: carousel.id,
    });
  }
  return { status: 202, body: { carouselId: carousel.id, status: carousel.status } };
}
