// Carousels through the API: options, generation to the media library, idempotency, credits,
// and every input that must be refused before anything is created or charged.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { publish, waitForJob } from "../../testing/publish-fixtures.ts";
import { createCarousel, rid, sampleText, waitForCarousel } from "../../testing/carousel-fixtures.ts";

const balance = async (organizationId: string) => (await db.organization.findUniqueOrThrow({ where: { id: organizationId } })).carouselCredits;
const carouselsOf = (workspaceId: string) => db.carousel.count({ where: { workspaceId } });

describe("carousel options", () => {
  it("lists cost, balance, brands and the service's templates with rendered previews, paged by cursor", async () => {
    const t = await createWorkspaceWithKey();
    const res = await api(t.key)("GET", "/api/v1/carousels/options");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      generationCredits: 1,
      imageCredits: 1,
      creditBalance: 50,
      aiImagesAvailable: false,
      copyWriter: { kind: "builtin", model: null },
      brands: [],
      nextTemplateCursor: null,
    });
    const templates = res.json.templates as { templateId: string; aspectRatio: string; previewUrl: string; slideCount: number }[];
    expect(templates.length).toBeGreaterThanOrEqual(8);
    expect(new Set(templates.map((x) => x.aspectRatio))).toEqual(new Set(["1:1", "4:5", "9:16"]));
    const preview = await fetch(templates[0]!.previewUrl);
    expect(preview.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).format).toBe("jpeg");

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: { templates: { templateId: string }[]; nextTemplateCursor: string | null } } = await api(t.key)(
        "GET",
        `/api/v1/carousels/options?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.json.templates.length).toBeLessThanOrEqual(3);
      seen.push(...page.json.templates.map((x) => x.templateId));
      cursor = page.json.nextTemplateCursor;
    } while (cursor);
    expect(seen).toEqual(templates.map((x) => x.templateId));
  });

  it("refuses an unknown templateSource and a forged cursor; workspace templates start empty", async () => {
    const t = await createWorkspaceWithKey();
    const bad = await api(t.key)("GET", "/api/v1/carousels/options?templateSource=posteady_source");
    expect(bad.status).toBe(422);
    expect(bad.json.error.details.issues[0]).toMatchObject({ path: "templateSource", location: "query" });
    expect((await api(t.key)("GET", "/api/v1/carousels/options?cursor=bm9wZQ")).status).toBe(422);
    const own = await api(t.key)("GET", "/api/v1/carousels/options?templateSource=workspace");
    expect(own.json).toMatchObject({ templates: [], nextTemplateCursor: null });
  });
});

describe("generating a carousel", () => {
  it("turns a text into JPEG slides in the media library, debits one credit, and publishes as an Instagram carousel", async () => {
    const t = await createWorkspaceWithKey();
    const accepted = await createCarousel(t.key, { text: sampleText, slideCount: 6 });
    expect(accepted.status).toBe(202);
    expect(accepted.json).toEqual({ carouselId: expect.any(String), status: "queued" });
    expect(await balance(t.organization.id)).toBe(49);

    const carousel = await waitForCarousel(t.key, accepted.json.carouselId);
    expect(carousel).toMatchObject({
      status: "completed",
      aspectRatio: "4:5",
      slideCount: 6,
      source: "text",
      creditsCharged: 1,
      error: null,
      imageMode: "none",
    });
    expect(carousel.editorUrl).toMatch(new RegExp(`/carousels/${carousel.carouselId}/edit$`));
    expect(carousel.title).toBe("Remote work changed how teams communicate");
    expect(carousel.images).toHaveLength(6);
    for (const image of carousel.images) {
      expect(image).toMatchObject({ width: 1080, height: 1350 });
      const bytes = Buffer.from(await (await fetch(image.url)).arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1080, height: 1350 });
    }

    // The slides were inserted together with one createdAt: the library still lists them in slide order.
    const slideIds = carousel.images.map((i: { mediaId: string }) => i.mediaId);
    const stored = await db.mediaItem.findMany({ where: { id: { in: slideIds } }, orderBy: { carouselPosition: "asc" } });
    expect(stored.map((m) => m.id)).toEqual(slideIds);
    expect(new Set(stored.map((m) => m.createdAt.getTime())).size).toBe(1);
    const library = await api(t.key)("GET", "/api/v1/media?mediaType=IMAGE");
    expect(library.json.media.map((m: { mediaId: string }) => m.mediaId)).toEqual(slideIds);
    const paged = [0, 2, 4].map((offset) => api(t.key)("GET", `/api/v1/media?mediaType=IMAGE&limit=2&offset=${offset}`));
    expect((await Promise.all(paged)).flatMap((p) => p.json.media.map((m: { mediaId: string }) => m.mediaId))).toEqual(slideIds);
    const ledger = await db.creditLedgerEntry.findMany({ where: { carouselId: carousel.carouselId } });
    expect(ledger).toEqual([expect.objectContaining({ delta: -1, balanceAfter: 49, reason: "CAROUSEL_DEBIT" })]);

    const ig = await connectAccount(t.scope, "instagram", { accountType: "BUSINESS" });
    const post = await publish(t.key, {
      accountIds: [ig.accountId],
      instagram: {
        requestId: rid(),
        contentType: "FEED",
        caption: carousel.caption,
        items: carousel.images.map((i: { mediaId: string }) => ({ mediaId: i.mediaId })),
      },
    });
    expect(post.status).toBe(202);
    expect(await waitForJob(t.key, post.json.results[0].jobId)).toMatchObject({ status: "published" });
  });

  it("writes about a topic in the template's design, ratio, slide count and language, with a brand", async () => {
    const t = await createWorkspaceWithKey();
    const options = await api(t.key)("GET", "/api/v1/carousels/options");
    const story = options.json.templates.find((x: { aspectRatio: string }) => x.aspectRatio === "9:16");
    const brand = await db.brand.create({ data: { workspaceId: t.workspace.id, name: "Acme" } });
    const res = await createCarousel(t.key, { topic: "cold email outreach", templateId: story.templateId, brandId: brand.id, language: "de" });
    const carousel = await waitForCarousel(t.key, res.json.carouselId);
    expect(carousel).toMatchObject({
      status: "completed",
      aspectRatio: "9:16",
      slideCount: story.slideCount,
      templateId: story.templateId,
      brandId: brand.id,
      language: "de",
    });
    expect(carousel.images[0]).toMatchObject({ width: 1080, height: 1920 });
  });

  it("gives a topic the number of points it asks for, and makes a short text a shorter carousel that says why", async () => {
    const t = await createWorkspaceWithKey();
    const tips = await createCarousel(t.key, { topic: "5 tips for shooting golden hour photos on your phone" });
    const short = await createCarousel(t.key, { text: "Consistency beats intensity when you publish online.", slideCount: 6 });
    expect(await waitForCarousel(t.key, tips.json.carouselId)).toMatchObject({
      status: "completed",
      slideCount: 7,
      images: Array(7).fill(expect.anything()),
      warnings: [],
    });
    const row = await db.carousel.findUniqueOrThrow({ where: { id: tips.json.carouselId } });
    expect((row.slides as { heading: string }[]).map((slide) => slide.heading).slice(1, 3)).toEqual([
      "1. Be there early",
      "2. Put the sun behind your subject",
    ]);
    expect(row.caption).toContain("#GoldenHour #PhonePhotography");
    expect(await waitForCarousel(t.key, short.json.carouselId)).toMatchObject({
      status: "completed",
      slideCount: 2,
      images: [expect.anything(), expect.anything()],
      warnings: ["The text has 0 points worth a slide, so the carousel has 2 slides, not 6."],
    });
  });

  it("answers the same carousel for the same requestId, 409 for another body, and one carousel for 10 concurrent duplicates", async () => {
    const t = await createWorkspaceWithKey();
    const requestId = rid();
    const body = { requestId, topic: "pricing pages" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => api(t.key)("POST", "/api/v1/carousels", { body })));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]));
    expect(new Set(answers.map((a) => a.json.carouselId)).size).toBe(1);
    expect(await carouselsOf(t.workspace.id)).toBe(1);
    expect(await balance(t.organization.id)).toBe(49);
    const conflict = await api(t.key)("POST", "/api/v1/carousels", { body: { requestId, topic: "pricing tables" } });
    expect(conflict.status).toBe(409);
    expect(conflict.json.error).toMatchObject({ code: "REQUEST_CONFLICT", details: { carouselId: answers[0]!.json.carouselId } });
  });

  it("renders a text far too long for its slide inside the frame", async () => {
    const t = await createWorkspaceWithKey();
    const endless = Array.from({ length: 120 }, (_, i) => `word${i}`).join(" ") + ", " + "and then it keeps going with many more words ".repeat(40) + ".";
    const res = await createCarousel(t.key, { text: `${endless} Second sentence is short but real. Third one closes it.`, slideCount: 3, aspectRatio: "1:1" });
    const carousel = await waitForCarousel(t.key, res.json.carouselId);
    expect(carousel).toMatchObject({ status: "completed", images: [{ width: 1080, height: 1080 }, expect.anything(), expect.anything()] });
  });
});

describe("refused carousel requests create nothing and charge nothing", () => {
  const cases: [string, Record<string, unknown>, number, string?][] = [
    ["two sources", { topic: "a", text: "b" }, 422, "text"],
    ["no source", { slideCount: 5 }, 422, "topic"],
    ["an empty text", { text: "   " }, 422, "text"],
    ["one slide", { topic: "a", slideCount: 1 }, 422, "slideCount"],
    ["a bad language code", { topic: "a", language: "english!" }, 422, "language"],
    ["ai images without an images API", { topic: "a", imageMode: "ai" }, 422, "imageMode"],
    ["a loopback URL", { url: "http://127.0.0.1:3000/admin" }, 422, "url"],
    ["a private URL", { url: "http://10.1.2.3/" }, 422, "url"],
    ["the metadata address", { url: "http://169.254.169.254/latest/meta-data/" }, 422, "url"],
    ["an IPv6 loopback URL", { url: "http://[::1]/" }, 422, "url"],
    ["a host resolving to loopback", { url: "http://localhost:8080/" }, 422, "url"],
    ["a non-http scheme", { url: "file:///etc/passwd" }, 422, "url"],
    ["an unknown template", { topic: "a", templateId: "00000000-0000-4000-8000-000000000000" }, 404],
    ["an unknown brand", { topic: "a", brandId: "00000000-0000-4000-8000-000000000000" }, 404],
  ];
  it.each(cases)("%s", async (_name, body, status, path) => {
    const t = await createWorkspaceWithKey();
    const res = await createCarousel(t.key, body);
    expect(res.status).toBe(status);
    if (path) expect(res.json.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    if (status === 404) expect(res.json.error.code).toBe("NOT_FOUND");
    expect(await carouselsOf(t.workspace.id)).toBe(0);
    expect(await balance(t.organization.id)).toBe(50);
  });

  it("402 INSUFFICIENT_CREDITS when the balance is short, with nothing debited", async () => {
    const t = await createWorkspaceWithKey();
    await db.organization.update({ where: { id: t.organization.id }, data: { carouselCredits: 0 } });
    const res = await createCarousel(t.key, { topic: "growth" });
    expect(res.status).toBe(402);
    expect(res.json.error).toMatchObject({ code: "INSUFFICIENT_CREDITS", details: { required: 1, available: 0 } });
    expect(await carouselsOf(t.workspace.id)).toBe(0);
    expect(await db.creditLedgerEntry.count({ where: { organizationId: t.organization.id, reason: "CAROUSEL_DEBIT" } })).toBe(0);
  });

  it("another workspace's carousel, template and brand are not found", async () => {
    const a = await createWorkspaceWithKey();
    const b = await createWorkspaceWithKey();
    const brand = await db.brand.create({ data: { workspaceId: a.workspace.id, name: "A" } });
    const template = await db.template.create({
      data: {
        workspaceId: a.workspace.id,
        name: "A's",
        aspectRatio: "1:1",
        slideCount: 5,
        language: "en",
        design: { layout: "x", aspectRatio: "1:1", palette: { background: "#000000", text: "#ffffff", accent: "#ff0000" }, font: "inter" },
      },
    });
    const own = await createCarousel(a.key, { topic: "mine" });
    expect((await api(b.key)("GET", `/api/v1/carousels/${own.json.carouselId}`)).status).toBe(404);
    expect((await createCarousel(b.key, { topic: "x", brandId: brand.id })).status).toBe(404);
    expect((await createCarousel(b.key, { topic: "x", templateId: template.id })).status).toBe(404);
    expect((await api(b.key)("GET", "/api/v1/carousels/options?templateSource=workspace")).json.templates).toEqual([]);
    expect((await api(a.key)("GET", "/api/v1/carousels/not-a-uuid")).status).toBe(404);
  });
});
