// A fetched page's main text: Mozilla Readability (Firefox's reader view) over a linkedom
// document, kept as paragraphs so the copy writer sees the article's own structure.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

export type Article = { title: string; text: string };

const blocks = "h1, h2, h3, h4, p, li, blockquote, pre";

export function extractArticle(body: string, contentType: string): Article {
  if (contentType === "text/plain") return { title: "", text: body.trim() };
  const { document } = parseHTML(body);
  const pageTitle = document.querySelector("title")?.textContent?.trim() ?? "";
  const article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  const html = article?.content ?? "";
  const paragraphs = html ? paragraphsOf(html) : [];
  const text = paragraphs.length ? paragraphs.join("\n\n") : (article?.textContent ?? document.body?.textContent ?? "");
  return { title: (article?.title ?? pageTitle).trim(), text: text.replace(/[ \t]+/g, " ").trim() };
}

function paragraphsOf(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const out: string[] = [];
  for (const el of document.querySelectorAll(blocks)) {
    // Only innermost blocks, so a list item's paragraph is not taken twice.
    if (el.querySelector(blocks)) continue;
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim();
    if (text) out.push(text);
  }
  return out;
}
