// The built-in copy writer: deterministic and offline. From a text (or a fetched article) it
// keeps the sentences that carry the most of the text's vocabulary, one per slide, in their
// original order; from a bare topic it writes a fixed sequence of angles on that topic. Used
// whenever no OpenAI-compatible API is configured.
import { checkCopyShape, type CarouselCopy, type CopyRequest } from "./copy-types.ts";
import { phrases } from "./writer-phrases.ts";

const MAX_HEADING_WORDS = 9;

export function writeBuiltinCopy(request: CopyRequest): CarouselCopy {
  const p = phrases(request.language);
  const bodyCount = Math.max(0, request.slideCount - 2);
  const { source } = request;
  const sentences = source.kind === "topic" ? [] : splitSentences(source.content, request.language);
  const keywords = topKeywords(source.content, 3);
  const subject = source.kind === "topic" ? clean(source.content) : clean(source.title ?? "") || headline(sentences[0] ?? source.content);

  const ideas = source.kind === "topic" ? p.topicAngles(subject).slice(0, bodyCount) : pickSentences(sentences, bodyCount).map(splitIdea);
  // A short text may hold fewer ideas than slides: the rest restate the key terms.
  while (ideas.length < bodyCount) ideas.push({ heading: p.keyTerm(ideas.length + 1), body: keywords[ideas.length % Math.max(1, keywords.length)] ?? subject });

  const slides = [
    { kind: "hook" as const, heading: subject, body: p.hookBody(bodyCount) },
    ...ideas.map((idea) => ({ kind: "body" as const, ...idea })),
    { kind: "cta" as const, heading: p.ctaHeading, body: p.ctaBody },
  ].slice(0, Math.max(1, request.slideCount));
  const summary = source.kind === "topic" ? p.topicCaption(subject) : pickSentences(sentences, 2).join(" ");
  const tags = keywords.map((k) => `#${k.replace(/[^\p{L}\p{N}]/gu, "")}`).filter((t) => t.length > 1);
  const caption = `${summary}\n\n${tags.join(" ")}`.trim().slice(0, 2200);
  return checkCopyShape({ title: subject.slice(0, 200), caption, slides }, Math.max(1, request.slideCount));
}

function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function splitSentences(text: string, language: string): string[] {
  const segmenter = new Intl.Segmenter(safeLocale(language), { granularity: "sentence" });
  const out: string[] = [];
  for (const paragraph of text.split(/\n{2,}/)) {
    for (const { segment } of segmenter.segment(clean(paragraph))) {
      const sentence = segment.trim();
      if (sentence.split(" ").length >= 3) out.push(sentence);
    }
  }
  return out;
}

function safeLocale(language: string): string {
  try {
    return Intl.getCanonicalLocales(language)[0] ?? "en";
  } catch {
    return "en";
  }
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

// Words of four letters or more, by frequency: crude, but language-neutral and stable.
function frequencies(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of words(text)) if (w.length >= 4) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** Hashtag candidates: frequent long words (length stands in for a stop-word list in every language). */
function topKeywords(text: string, n: number): string[] {
  return [...frequencies(text).entries()]
    .filter(([w]) => w.length >= 5)
    .sort((a, b) => b[1] * b[0].length - a[1] * a[0].length || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([w]) => w);
}

/** The `n` sentences with the highest mean word weight, in the order the text gives them. */
function pickSentences(sentences: string[], n: number): string[] {
  if (sentences.length <= n) return sentences;
  const freq = frequencies(sentences.join(" "));
  const scored = sentences.map((s, index) => {
    const ws = words(s).filter((w) => w.length >= 4);
    const score = ws.reduce((sum, w) => sum + (freq.get(w) ?? 0), 0) / Math.sqrt(Math.max(1, ws.length));
    return { s, index, score };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, n)
    .sort((a, b) => a.index - b.index)
    .map((x) => x.s);
}

function headline(sentence: string): string {
  const ws = clean(sentence)
    .replace(/[.!?…]+$/, "")
    .split(" ");
  return ws.length <= MAX_HEADING_WORDS ? ws.join(" ") : `${ws.slice(0, MAX_HEADING_WORDS).join(" ")}…`;
}

/** A sentence as a slide: its leading clause as the heading, the rest as the body. */
function splitIdea(sentence: string): { heading: string; body: string } {
  const s = clean(sentence);
  const clause = /^(.{12,80}?)[,;:—–]\s+(.+)$/u.exec(s);
  if (clause && clause[1]!.split(" ").length <= MAX_HEADING_WORDS) return { heading: clause[1]!, body: capitalize(clause[2]!) };
  const ws = s.split(" ");
  if (ws.length <= MAX_HEADING_WORDS + 3) return { heading: s.replace(/[.]+$/, ""), body: "" };
  return { heading: headline(s), body: s };
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
