// Points for slides out of a text: the text is cut into sentences (Intl.Segmenter), each
// sentence is scored by how much of the text's vocabulary it carries (words that recur in the
// text are what it is about), with a bonus for opening a paragraph and for concrete figures and
// a penalty for sentences that lean on the one before ("This is why…") or are too short or too
// long to stand alone. The best sentences become points, in the text's own order.
export type Sentence = { text: string; paragraph: number; first: boolean; index: number };
export type Point = { heading: string; body: string };

const MAX_HEADING_WORDS = 12;
const MAX_CLAUSE_WORDS = 16; // a clause cut from a longer sentence may run a little longer
const MIN_WORDS = 5;
const MAX_WORDS = 45;
const LONG_WORDS = 25;

export function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function safeLocale(language: string): string {
  try {
    return Intl.getCanonicalLocales(language)[0] ?? "en";
  } catch {
    return "en";
  }
}

export function splitSentences(text: string, language: string): Sentence[] {
  const segmenter = new Intl.Segmenter(safeLocale(language), { granularity: "sentence" });
  const out: Sentence[] = [];
  text.split(/\n\s*\n/).forEach((paragraph, p) => {
    let first = true;
    for (const { segment } of segmenter.segment(clean(paragraph))) {
      const sentence = segment.trim();
      if (wordsOf(sentence).length < 3) continue;
      out.push({ text: sentence, paragraph: p, first, index: out.length });
      first = false;
    }
  });
  return out;
}

export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

// Words of four letters or more, by frequency: crude, but language-neutral and stable (short
// words are mostly the grammar words a stop-word list would remove).
export function frequencies(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of wordsOf(text)) if (w.length >= 4) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

// Long grammar words that recur in any text and make no hashtag.
const GRAMMAR_WORDS = new Set(
  (
    "about after again always among because before being between could every first however never other should since still their there these those through under until where which while would " +
    "aber als auch dass denn diese dieser durch eine einen einer haben nicht noch oder sein sind über unter weil wenn werden wird " +
    "alors avant avec cette comme dans depuis donc elles encore entre leurs mais même nous pour quand sans sont tous très vous " +
    "antes como cuando desde entre esta este estos hasta para pero porque sobre también todos"
  ).split(" "),
);

/** Hashtag candidates: the text's most repeated long words. */
export function topKeywords(text: string, n: number): string[] {
  return [...frequencies(text).entries()]
    .filter(([w, count]) => w.length >= 5 && count >= 2 && !GRAMMAR_WORDS.has(w))
    .sort((a, b) => b[1] * b[0].length - a[1] * a[0].length || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([w]) => w);
}

// Openers that make a sentence depend on the one before it: out of context they confuse.
const LEANS_BACK =
  /^(this|that|these|those|it|they|he|she|such|also|then|thus|hence|therefore|dies|das|diese|es|cela|ce|cette|ces|il|elle|esto|eso|esta|este)\b/iu;
// Connectives that can be dropped from the front of a sentence without changing its claim.
const CONNECTIVE =
  /^(and|but|so|yet|also|finally|first|firstly|second|secondly|third|lastly|however|moreover|furthermore|in addition|in short|in fact|of course|und|aber|also|schließlich|zunächst|außerdem|et|mais|donc|enfin|ensuite|d’abord|y|pero|además|finalmente|por último)\s*,?\s+/iu;

export function score(sentence: Sentence, freq: Map<string, number>): number {
  const words = wordsOf(sentence.text);
  const content = words.filter((w) => w.length >= 4);
  let value = content.reduce((sum, w) => sum + Math.min(freq.get(w) ?? 0, 4), 0) / Math.sqrt(Math.max(1, content.length));
  if (sentence.first) value *= 1.3;
  if (/\d/.test(sentence.text)) value *= 1.15;
  if (LEANS_BACK.test(sentence.text)) value *= 0.6;
  if (sentence.text.endsWith("?")) value *= 0.8;
  if (words.length < MIN_WORDS || words.length > MAX_WORDS) value *= 0.4;
  else if (words.length > LONG_WORDS) value *= 0.75; // a slide wants a statement, not a paragraph
  return value;
}

/** The `n` best sentences, in the text's order. */
export function pickSentences(sentences: Sentence[], n: number, exclude = new Set<number>()): Sentence[] {
  const freq = frequencies(sentences.map((s) => s.text).join(" "));
  return sentences
    .filter((s) => !exclude.has(s.index))
    .map((s) => ({ s, value: score(s, freq) }))
    .sort((a, b) => b.value - a.value || a.s.index - b.s.index)
    .slice(0, n)
    .map((x) => x.s)
    .sort((a, b) => a.index - b.index);
}

export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

const stripEnd = (s: string) => s.replace(/[\s.;:,]+$/u, "");
const count = (s: string) => s.split(" ").length;

/** A sentence as it reads on its own: leading connectives dropped, capitalised. */
export function standalone(sentence: string): string {
  return capitalize(clean(sentence).replace(CONNECTIVE, ""));
}

/**
 * A sentence as a slide. A short sentence is the heading and the sentence after it (when it
 * follows on in the same paragraph and is not a point itself) explains it; a long one is cut
 * at its first clause boundary (",", ":", ";", a dash) into heading and body.
 */
export function toPoint(sentence: Sentence, next: Sentence | undefined): Point {
  const s = standalone(sentence.text);
  const support = next && next.paragraph === sentence.paragraph && count(next.text) <= 35 ? standalone(next.text) : "";
  if (count(s) <= MAX_HEADING_WORDS) return { heading: stripEnd(s), body: support };
  const clause = firstClause(s);
  if (clause && count(clause.rest) >= 4) return { heading: stripEnd(clause.head), body: standalone(clause.rest) };
  return { heading: stripEnd(s), body: support };
}

// A clause ends at ";", ":" or a dash, or at a comma that a conjunction follows ("…, and …"):
// a comma alone may sit inside a list ("a thread, a short video and a newsletter").
const CLAUSE_END =
  /^(.{12,100}?)(?:[;:]|\s[–—-]|,(?=\s(?:and|but|so|because|while|which|although|whereas|und|aber|denn|weil|et|mais|car|y|pero|porque)\s))\s+(.+)$/iu;

function firstClause(s: string): { head: string; rest: string } | null {
  const m = CLAUSE_END.exec(s);
  return m && count(m[1]!) <= MAX_CLAUSE_WORDS ? { head: m[1]!, rest: m[2]! } : null;
}

/** A short title from a sentence: its first clause when that is short enough, else the sentence. */
export function headline(sentence: string): string {
  const s = standalone(sentence);
  return stripEnd(firstClause(s)?.head ?? s);
}
