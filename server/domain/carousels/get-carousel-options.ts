// GET /api/v1/carousels/options: what a generation costs, the workspace's brands, and a page
// of templates (the service's, or the workspace's own), keyset-paged by (createdAt, id).
import type { Design } from "../../carousel/render/index.ts";
import { db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { env } from "../../env.ts";
import { isUuid } from "../ids.ts";
import type { Scope } from "../access.ts";
import { ensureBuiltinTemplates } from "./builtin-templates.ts";
import type { CarouselOptionsQuery } from "./carousels.schema.ts";
import { listBrands } from "./brands.ts";
import { previewUrl } from "./template-previews.ts";

type Cursor = { createdAt: Date; id: string };

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString("base64url");
}

function decodeCursor(raw: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as [string, string];
    const createdAt = new Date(at);
    if (!isUuid(id) || Number.isNaN(createdAt.getTime())) throw new Error("bad cursor");
    return { createdAt, id };
  } catch {
    throw new AppError("VALIDATION_ERROR", "cursor: is not a nextTemplateCursor of this endpoint", {
      issues: [{ path: "cursor", message: "is not a nextTemplateCursor of this endpoint", code: "invalid", location: "query" }],
    });
  }
}

export async function getCarouselOptions(scope: Scope, query: CarouselOptionsQuery) {
  await ensureBuiltinTemplates();
  const e = env();
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const [org, brands, rows] = await Promise.all([
    db.organization.findUniqueOrThrow({ where: { id: scope.organizationId }, select: { carouselCredits: true } }),
    listBrands(scope),
    db.template.findMany({
      where: {
        workspaceId: query.templateSource === "posteady" ? null : scope.workspaceId,
        ...(cursor ? { OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }] } : {}),
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: query.limit + 1,
    }),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    generationCredits: e.carouselGenerationCredits,
    imageCredits: e.carouselImageCredits,
    creditBalance: org.carouselCredits,
    aiImagesAvailable: Boolean(e.llm?.imageModel),
    copyWriter: e.llm ? { kind: "openai-compatible" as const, model: e.llm.model } : { kind: "builtin" as const, model: null },
    brands: brands.map((b) => ({ brandId: b.brandId, name: b.name, hasLogo: b.hasLogo })),
    templates: await Promise.all(
      page.map(async (t) => ({
        templateId: t.id,
        name: t.name,
        aspectRatio: t.aspectRatio as "1:1" | "4:5" | "9:16",
        slideCount: t.slideCount,
        language: t.language,
        previewUrl: await previewUrl(t.id, t.design as Design),
      })),
    ),
    nextTemplateCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
