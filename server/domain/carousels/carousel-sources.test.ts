// Carousels from a link: the page's main text is used; private targets are refused on every
// hop, and oversized or empty pages fail the carousel with its credits refunded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { fetchPage, UrlFetchError, UrlRefusedError } from "../../carousel/source/safe-fetch.ts";
import { extractArticle } from "../../carousel/source/extract-article.ts";
import { createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { articleHtml, createCarousel, sampleText, servePages, waitForCarousel } from "../../testing/carousel-fixtures.ts";

const paragraphs = sampleText.match(/[^.]+\./g)!.map((s) => s.trim());
let site: Awaited<ReturnType<typeof servePages>>;

beforeAll(async () => {
  site = await servePages({
    "/article": { body: articleHtml(paragraphs) },
    "/hop": { status: 302, location: "/article" },
    "/to-loopback": { status: 302, location: "http://127.0.0.1:9/secret" },
    "/to-metadata": { status: 301, location: "http://169.254.169.254/latest/meta-data/" },
    "/loop": { status: 302, location: "/loop" },
    "/empty": { body: "<html><body><p>Hi.</p></body></html>" },
    "/binary": { type: "application/octet-stream", body: Buffer.alloc(100) },
    "/huge": (res) => {
      // No Content-Length: the limit must hold while streaming.
      res.writeHead(200, { "Content-Type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    },
  });
});
afterAll(() => site.close());

describe("the URL fetcher", () => {
  it("follows a redirect and extracts the article's paragraphs without navigation", async () => {
    const page = await fetchPage(site.url("/hop"));
    expect(page.url).toBe(site.url("/article"));
    const article = extractArticle(page.body, page.contentType);
    expect(article.title).toMatch(/Working remotely/);
    expect(article.text).toContain("Asynchronous writing became the main way");
    expect(article.text).not.toContain("About");
    expect(article.text.split("\n\n").length).toBeGreaterThanOrEqual(paragraphs.length);
  });

  it("refuses redirects to loopback and link-local addresses, redirect loops, huge and non-text bodies", async () => {
    await expect(fetchPage(site.url("/to-loopback"))).rejects.toBeInstanceOf(UrlRefusedError);
    await expect(fetchPage(site.url("/to-metadata"))).rejects.toBeInstanceOf(UrlRefusedError);
    await expect(fetchPage(site.url("/loop"))).rejects.toThrow(/redirects/);
    await expect(fetchPage(site.url("/huge"))).rejects.toThrow(/larger than/);
    await expect(fetchPage(site.url("/binary"))).rejects.toBeInstanceOf(UrlFetchError);
    await expect(fetchPage("http://localhost:1/")).rejects.toBeInstanceOf(UrlRefusedError);
    await expect(fetchPage("gopher://example.com/")).rejects.toBeInstanceOf(UrlRefusedError);
  });
});

describe("a carousel from a URL", () => {
  it("completes from the page's text", async () => {
    const t = await createWorkspaceWithKey();
    const res = await createCarousel(t.key, { url: site.url("/article"), slideCount: 5 });
    expect(res.status).toBe(202);
    const carousel = await waitForCarousel(t.key, res.json.carouselId);
    expect(carousel).toMatchObject({ status: "completed", source: "url", slideCount: 5, title: "Working remotely" });
    expect(carousel.images).toHaveLength(5);
  });

  it.each([
    ["/to-loopback", "SOURCE_REFUSED"],
    ["/huge", "SOURCE_UNAVAILABLE"],
    ["/empty", "SOURCE_EMPTY"],
  ])("%s fails with %s and refunds the credit exactly once", async (path, code) => {
    const t = await createWorkspaceWithKey();
    const res = await createCarousel(t.key, { url: site.url(path) });
    expect(res.status).toBe(202);
    const carousel = await waitForCarousel(t.key, res.json.carouselId);
    expect(carousel).toMatchObject({ status: "failed", images: [], error: { code } });
    const org = await db.organization.findUniqueOrThrow({ where: { id: t.organization.id } });
    expect(org.carouselCredits).toBe(50);
    const ledger = await db.creditLedgerEntry.findMany({ where: { carouselId: carousel.carouselId }, orderBy: { createdAt: "asc" } });
    expect(ledger.map((l) => [l.reason, l.delta, l.balanceAfter])).toEqual([
      ["CAROUSEL_DEBIT", -1, 49],
      ["CAROUSEL_REFUND", 1, 50],
    ]);
  });
});
