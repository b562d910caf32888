// Text rules of the text platforms, usable on the server and in the composer (pure functions):
// X's weighted length (twitter-text, as X counts: URLs 23, emoji and CJK 2), code-point limits,
// and SPEC.md's X link rule.
import { LinkifyIt } from "linkify-it";
import tlds from "tlds";
import twitter from "twitter-text";

export const TEXT_LIMITS = { x: 280, threads: 500, linkedin: 3000 } as const;

/** Links as X sees them: http(s) URLs, www. links and bare domains (any public TLD), with any path, query or fragment. */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false }).tlds(tlds);
const removable = new Set(["http:", "https:", ""]); // "" = www. and bare domains; mailto/ftp stay

export function findLinks(text: string): { start: number; end: number; url: string }[] {
  return (linkify.match(text) ?? []).filter((m) => removable.has(m.schema)).map((m) => ({ start: m.index, end: m.lastIndex, url: m.raw }));
}

/**
 * SPEC.md's X link rule for posts[0]: every link is removed, with the spaces it leaves behind,
 * and the result trimmed. Links are not moved anywhere.
 */
export function removeLinks(text: string): { text: string; removed: string[] } {
  const links = findLinks(text);
  if (links.length === 0) return { text, removed: [] };
  let out = "";
  let at = 0;
  for (const link of links) {
    out += text.slice(at, link.start);
    at = link.end;
  }
  out += text.slice(at);
  const cleaned = out
    .split("\n")
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, " ")
        .replace(/[ \t]+([,.;:!?)])/g, "$1")
        .replace(/\(\s*\)/g, "")
        .trim(),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { text: cleaned, removed: links.map((l) => l.url) };
}

export function xWeightedLength(text: string): number {
  return twitter.parseTweet(text).weightedLength;
}

export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** How long a text is for a platform, in that platform's unit. */
export function textLength(provider: keyof typeof TEXT_LIMITS, text: string): number {
  return provider === "x" ? xWeightedLength(text) : codePoints(text);
}
