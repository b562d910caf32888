// One fetch of a feed through the SSRF-safe fetcher, conditional on what the last one stored
// (If-None-Match from its ETag, If-Modified-Since from its Last-Modified), bounded in size and
// time, and parsed with @rowanmanning/feed-parser (RSS 1.0, RSS 2.0, Atom).
import { parseFeed } from "@rowanmanning/feed-parser";
import { parseHTML } from "linkedom";
import { openUrl, UrlFetchError, UrlRefusedError } from "../../carousel/source/safe-fetch.ts";
import type { ItemFields } from "./feed-template.ts";

const MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
const ACCEPT = "application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1";

export type ParsedItem = { key: string; publishedAt: Date | null; fields: ItemFields };
export type FetchOutcome =
  { status: "not_modified" } | { status: "ok"; items: ParsedItem[]; etag: string | null; lastModified: string | null } | { status: "error"; error: string };

export async function fetchFeedDocument(url: string, validators: { etag: string | null; lastModified: string | null }): Promise<FetchOutcome> {
  const headers: Record<string, string> = {};
  if (validators.etag) headers["If-None-Match"] = validators.etag;
  if (validators.lastModified) headers["If-Modified-Since"] = validators.lastModified;
  let text: string;
  let response;
  try {
    ({ response } = await openUrl(url, { timeoutMs: TIMEOUT_MS, maxRedirects: 5, accept: ACCEPT, headers, notModified: true }));
    if (response.statusCode === 304) {
      response.resume();
      return { status: "not_modified" };
    }
    text = await readBounded(response);
  } catch (err) {
    if (err instanceof UrlRefusedError) return { status: "error", error: `The URL ${err.message}` };
    if (err instanceof UrlFetchError) return { status: "error", error: `Fetching the feed failed: ${err.message}` };
    return { status: "error", error: `Fetching the feed failed: ${(err as Error).message}` };
  }
  let feed;
  try {
    feed = parseFeed(text);
  } catch {
    return { status: "error", error: "The URL did not answer an RSS or Atom feed" };
  }
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === "string" && value.length <= 512 ? value : null;
  };
  const items = feed.items.flatMap((item): ParsedItem[] => {
    const key = (item.id ?? item.url ?? "").trim();
    if (!key) return []; // neither guid nor link: nothing to know it by next time
    return [
      {
        key: key.slice(0, 2048),
        publishedAt: item.published ?? item.updated ?? null,
        fields: {
          title: plain(item.title),
          link: item.url ?? "",
          summary: plain(item.description ?? item.content),
          author: plain(item.authors[0]?.name ?? null),
        },
      },
    ];
  });
  return { status: "ok", items, etag: header("etag"), lastModified: header("last-modified") };
}

async function readBounded(response: import("node:http").IncomingMessage): Promise<string> {
  const deadline = setTimeout(() => response.destroy(new UrlFetchError(`no complete answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BYTES) {
        response.destroy();
        throw new UrlFetchError(`the feed is larger than ${MAX_BYTES / 1024 / 1024} MiB`);
      }
      chunks.push(chunk);
    }
    // XML declares its own encoding; UTF-8 covers nearly every feed, and the parser reads the rest
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    clearTimeout(deadline);
  }
}

/** A title or summary as plain text: tags dropped, entities decoded, whitespace collapsed. */
function plain(value: string | null): string {
  if (!value) return "";
  const text = /[<&]/.test(value) ? (parseHTML(`<!doctype html><html><body>${value}</body></html>`).document.body.textContent ?? "") : value;
  return text.replace(/\s+/g, " ").trim();
}
