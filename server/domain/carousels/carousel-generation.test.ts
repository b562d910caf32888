// Generation with an OpenAI-compatible API (the sandbox's), the editor, brands, templates and
// the exactly-once refund, called in-process on carousel rows the queue does not know about.
import crypto from "node:crypto";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { writeLlmCopy } from "../../carousel/copy/llm-writer.ts";
import { builtinTemplates } from "../../carousel/render/index.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { createCarousel, sampleText, waitForCarousel } from "../../testing/carousel-fixtures.ts";
import { createBrand } from "./brands.ts";
import { debitForCarousel } from "./credits.ts";
import { rerenderCarousel, saveAsTemplate } from "./edit-carousel.ts";
import { failCarousel } from "./fail-carousel.ts";
import { generateCarousel } from "./generate-carousel.ts";

const llm = () => ({ baseUrl: `${inject("sandboxUrl")}/openai/v1`, apiKey: "sk-test", model: "sandbox-writer", imageModel: "sandbox-image" });
const llmRequests = async () =>
  (
    (await (await fetch(`${inject("sandboxUrl")}/_sandbox/llm/requests`)).json()) as {
      requests: { endpoint: string; model: string; responseFormat: string | null; prompt: string }[];
    }
  ).requests;

/** A carousel row with its debit, as createCarousel writes it, but without a queue entry. */
async function unqueuedCarousel(
  t: Awaited<ReturnType<typeof createWorkspaceWithKey>>,
  fields: { slideCount: number; imageMode?: "none" | "ai"; credits?: number },
) {
  const id = crypto.randomUUID();
  const credits = fields.credits ?? 1;
  await db.$transaction(async (tx) => {
    await tx.carousel.create({
      data: {
        id,
        workspaceId: t.workspace.id,
        requestId: crypto.randomUUID(),
        fingerprint: "test",
        sourceKind: "text",
        source: sampleText,
        language: "en",
        slideCount: fields.slideCount,
        imageMode: fields.imageMode ?? "none",
        aspectRatio: "4:5",
        design: builtinTemplates.find((x) => x.aspectRatio === "4:5")!.design,
        creditsCharged: credits,
        createdById: t.user.id,
      },
    });
    await debitForCarousel(tx, t.organization.id, id, credits);
  });
  return id;
}

describe("copy from an OpenAI-compatible API", () => {
  it("asks for structured output and uses the answer", async () => {
    const copy = await writeLlmCopy(llm(), { source: { kind: "text", content: sampleText }, slideCount: 5, language: "en" });
    expect(copy.slides.map((s) => s.kind)).toEqual(["hook", "body", "body", "body", "cta"]);
    const last = (await llmRequests()).at(-1)!;
    expect(last).toMatchObject({ endpoint: "chat.completions", model: "sandbox-writer", responseFormat: "carousel_copy" });
    expect(last.prompt).toContain("Slides: 5");
  });

  it("generates with AI images, one illustration per slide, and completes", async () => {
    const t = await createWorkspaceWithKey();
    const id = await unqueuedCarousel(t, { slideCount: 3, imageMode: "ai", credits: 4 });
    const before = (await llmRequests()).length;
    await generateCarousel(id, { llm: llm() });
    const carousel = await waitForCarousel(t.key, id);
    expect(carousel).toMatchObject({ status: "completed", images: [expect.anything(), expect.anything(), expect.anything()] });
    const calls = (await llmRequests()).slice(before).map((r) => r.endpoint);
    expect(calls).toEqual(["chat.completions", "images.generations", "images.generations", "images.generations"]);
  });

  it("fails with COPY_FAILED when the API errors, refunding exactly once even if failure is recorded twice", async () => {
    const t = await createWorkspaceWithKey();
    const id = await unqueuedCarousel(t, { slideCount: 4, credits: 3 });
    expect((await db.organization.findUniqueOrThrow({ where: { id: t.organization.id } })).carouselCredits).toBe(47);
    await generateCarousel(id, { llm: { ...llm(), model: "sandbox-error" } });
    await failCarousel(id, t.organization.id, "RENDER_FAILED", "a second report of the same failure");
    const carousel = await waitForCarousel(t.key, id);
    expect(carousel).toMatchObject({ status: "failed", error: { code: "COPY_FAILED" } });
    expect((await db.organization.findUniqueOrThrow({ where: { id: t.organization.id } })).carouselCredits).toBe(50);
    expect(await db.creditLedgerEntry.count({ where: { carouselId: id, reason: "CAROUSEL_REFUND" } })).toBe(1);
  });
});

describe("the carousel editor", () => {
  it("re-renders an edited slide into a new JPEG that replaces the old one, and saves the design as a workspace template", async () => {
    const t = await createWorkspaceWithKey();
    const scope = await scopeFromSession(t.user.id, t.workspace.id);
    const logo = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#ff3366" } })
      .png()
      .toBuffer();
    const { brandId } = await createBrand(scope, { name: "Acme", colors: { accent: "#ff3366" }, logoBase64: logo.toString("base64") });
    const created = await createCarousel(t.key, { text: sampleText, slideCount: 4 });
    const before = await waitForCarousel(t.key, created.json.carouselId);
    const row = await db.carousel.findUniqueOrThrow({ where: { id: before.carouselId } });
    const slides = row.slides as { kind: "hook" | "body" | "cta"; heading: string; body: string }[];
    const design = row.design as { layout: string; palette: { background: string; text: string; accent: string }; font: "inter" };

    const edited = await rerenderCarousel(scope, {
      carouselId: before.carouselId,
      slides: [slides[0]!, { ...slides[2]!, heading: "A brand new heading" }, slides[1]!, slides[3]!],
      layout: design.layout,
      palette: { ...design.palette, background: "#102030" },
      font: design.font,
      brandId,
      title: "Edited",
      caption: "Edited caption",
    });
    const after = edited.carousel;
    expect(after.images).toHaveLength(4);
    expect(after.images.map((i) => i.mediaId)).not.toContain(before.images[0].mediaId);
    expect(after).toMatchObject({ title: "Edited", brandId });
    expect(edited.slides[1]).toMatchObject({ heading: "A brand new heading", kind: "body" });
    const oldItem = await db.mediaItem.findUniqueOrThrow({ where: { id: before.images[0].mediaId } });
    expect(oldItem.status).toBe("DELETED");
    const oldBytes = Buffer.from(await (await fetch(before.images[1].url)).arrayBuffer());
    const newBytes = Buffer.from(await (await fetch(after.images[1]!.url)).arrayBuffer());
    expect(newBytes.equals(oldBytes)).toBe(false);

    const { templateId } = await saveAsTemplate(scope, { carouselId: before.carouselId, name: "Our dark look" });
    const own = await api(t.key)("GET", "/api/v1/carousels/options?templateSource=workspace");
    expect(own.json.templates).toEqual([expect.objectContaining({ templateId, name: "Our dark look", aspectRatio: "4:5", slideCount: 4 })]);
    expect(own.json.brands).toEqual([{ brandId, name: "Acme", hasLogo: true }]);
    const fromTemplate = await createCarousel(t.key, { topic: "hiring", templateId });
    expect(await waitForCarousel(t.key, fromTemplate.json.carouselId)).toMatchObject({ status: "completed", templateId, slideCount: 4 });
  });
});
