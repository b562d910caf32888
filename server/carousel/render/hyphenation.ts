// Where a word may be hyphenated, from the TeX hyphenation patterns of the `hyphen` package
// (Liang's algorithm). The patterns follow the carousel's language; a word in another script
// (a Cyrillic name in English copy) uses that script's usual patterns.
import { createRequire } from "node:module";
import path from "node:path";
import { projectRoot } from "../../env.ts";

type Hyphenator = { hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number }): string };

const SCRIPT_PATTERNS: Array<[RegExp, string]> = [
  [/\p{Script=Latin}/u, "en-us"],
  [/\p{Script=Cyrillic}/u, "ru"],
  [/\p{Script=Greek}/u, "el-monoton"],
  [/\p{Script=Devanagari}/u, "hi"],
];
const SOFT_HYPHEN = "\u00ad";
// TeX's own minimums for most languages: no fragment of one letter before or two after a break.
const MIN_BEFORE = 2;
const MIN_AFTER = 3;

const hyphenators = new Map<string, Hyphenator | null>();
const results = new Map<string, string[]>();

function hyphenator(tag: string): Hyphenator | null {
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(tag)) return null;
  let h = hyphenators.get(tag);
  if (h === undefined) {
    // Resolved at run time, like the fonts: a bundler must not pull in every language's patterns.
    try {
      h = createRequire(path.join(projectRoot(), "package.json"))(`hyphen/${tag}`) as Hyphenator;
    } catch {
      h = null;
    }
    hyphenators.set(tag, h);
  }
  return h;
}

const letters = (s: string) => (s.match(/[\p{L}\p{M}]/gu) ?? []).length;

/**
 * The word cut at its hyphenation points (["con", "sis", "tent"]), or the whole word alone
 * when the patterns allow no break. `language` is a BCP 47 code such as "en" or "pt-BR".
 */
export function syllables(word: string, language: string): string[] {
  const lang = language.toLowerCase();
  const key = `${lang}\u0000${word}`;
  const cached = results.get(key);
  if (cached) return cached;
  // Addresses, handles and numbers are not words: hyphenating them would change what they say.
  if (/[/@_#]|\p{L}\.\p{L}|\d/u.test(word)) return [word];
  const script = SCRIPT_PATTERNS.find(([re]) => re.test(word))?.[1];
  const tags = [lang, lang.split("-")[0]!, ...(script ? [script] : [])];
  let parts = [word];
  for (const tag of new Set(tags)) {
    const h = hyphenator(tag);
    if (!h) continue;
    const cut = h.hyphenateSync(word, { hyphenChar: SOFT_HYPHEN, minWordLength: MIN_BEFORE + MIN_AFTER }).split(SOFT_HYPHEN);
    // Merge fragments that would leave too few letters on either side of a break.
    const merged: string[] = [];
    for (const part of cut) {
      const last = merged[merged.length - 1];
      if (last !== undefined && letters(merged.join("")) < MIN_BEFORE) merged[merged.length - 1] = last + part;
      else merged.push(part);
    }
    while (merged.length > 1 && letters(merged[merged.length - 1]!) < MIN_AFTER) {
      const tail = merged.pop()!;
      merged[merged.length - 1] += tail;
    }
    if (merged.length > 1) {
      parts = merged;
      break;
    }
  }
  results.set(key, parts);
  return parts;
}
