// The built-in copy writer: deterministic and offline, used whenever no OpenAI-compatible API
// is configured. From a text (or a fetched article) it keeps the text's own sentences: the
// title (or opening line) as the hook, the most informative sentences as points, each with the
// sentence that explains it, then a call to action. From a bare topic it writes the topic as
// the hook and points from a playbook that fits what the topic asks for (topic-playbooks.ts).
import { checkCopyShape, type CarouselCopy, type CopyRequest, type CopySource } from "./copy-types.ts";
import { capitalize, clean, headline, pickSentences, splitSentences, standalone, toPoint, topKeywords, wordsOf, type Point } from "./text-points.ts";
import { fillerPoints, topicPlan } from "./topic-playbooks.ts";
import { phrases } from "./writer-phrases.ts";

type Draft = { title: string; hookBody: string; points: Point[]; summary: string; keywords: string[] };

export function writeBuiltinCopy(request: CopyRequest): CarouselCopy {
  const slideCount = Math.max(1, request.slideCount);
  const bodyCount = Math.max(0, slideCount - 2);
  const p = phrases(request.language);
  const { source } = request;
  const draft = source.kind === "topic" ? fromTopic(source.content, bodyCount, request.language) : fromText(source, bodyCount, request.language);
  const slides = [
    { kind: "hook" as const, heading: limit(draft.title, 300), body: draft.hookBody },
    ...draft.points.map((point) => ({ kind: "body" as const, heading: limit(point.heading, 300), body: limit(point.body, 1200) })),
    { kind: "cta" as const, heading: p.ctaHeading, body: p.ctaBody },
  ].slice(0, slideCount);
  const tags = draft.keywords.map((k) => `#${k.replace(/[^\p{L}\p{N}]/gu, "")}`).filter((t) => t.length > 1);
  const caption = `${draft.summary}\n\n${tags.join(" ")}`.trim().slice(0, 2200);
  return checkCopyShape({ title: limit(draft.title, 200), caption, slides }, slideCount);
}

function fromText(source: CopySource, bodyCount: number, language: string): Draft {
  const p = phrases(language);
  const sentences = splitSentences(source.content, language);
  const opening = source.title ? undefined : sentences[0];
  const title = clean(source.title ?? "") || (opening ? headline(opening.text) : clean(source.content));
  const used = new Set(opening ? [opening.index] : []);
  const picked = pickSentences(sentences, bodyCount, used);
  for (const s of picked) used.add(s.index);
  const points = picked.map((s) => {
    const next = sentences[s.index + 1];
    return toPoint(s, next && !used.has(next.index) ? next : undefined);
  });
  const summary = pickSentences(sentences, 2)
    .map((s) => standalone(s.text))
    .join(" ");
  return {
    title,
    hookBody: p.hookBody(points.length),
    points: roundOff(points, bodyCount, language, fillerPoints(language)),
    summary: summary || title,
    keywords: topKeywords(source.content, 3),
  };
}

function fromTopic(topic: string, bodyCount: number, language: string): Draft {
  const p = phrases(language);
  const title = capitalize(clean(topic));
  const plan = topicPlan(title, language);
  // A title that promises a number of points ("5 habits…") gets exactly that many, numbered.
  const listed = plan.listed !== null && plan.listed <= bodyCount ? plan.listed : null;
  const main = plan.points.slice(0, listed ?? bodyCount).map((point, i) => (listed ? { ...point, heading: `${i + 1}. ${point.heading}` } : point));
  return {
    title,
    hookBody: `${plan.hookBody} →`,
    points: roundOff(main, bodyCount, language, plan.points.slice(main.length)),
    summary: `${/[.!?…]$/u.test(title) ? title : `${title}.`} ${p.topicQuestion}`,
    keywords: wordsOf(topic)
      .filter((w) => w.length >= 5)
      .slice(0, 3),
  };
}

/**
 * Fills the slides a source has no more points for: extra points (marked as a bonus), then a
 * recap of the points' headings and a nudge to act on one.
 */
function roundOff(points: Point[], bodyCount: number, language: string, extra: Point[]): Point[] {
  const p = phrases(language);
  if (points.length >= bodyCount) return points.slice(0, bodyCount);
  const closing: Point[] = [];
  if (points.length >= 2 && bodyCount - points.length >= 2) {
    closing.push({ heading: p.recapHeading, body: points.map((pt) => `• ${pt.heading.replace(/^\d+\.\s*/, "")}`).join("\n") });
  }
  closing.push({ heading: p.yourTurnHeading, body: p.yourTurnBody });
  const headings = new Set(points.map((pt) => pt.heading));
  const bonus = extra
    .filter((e) => !headings.has(e.heading))
    .slice(0, Math.max(0, bodyCount - points.length - closing.length))
    .map((e) => ({ heading: p.bonus(e.heading), body: e.body }));
  return [...points, ...bonus, ...closing].slice(0, bodyCount);
}

/** Cuts text to `max` characters at a word boundary. */
function limit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1)).replace(/[\s,.;:–—-]+$/u, "")}…`;
}
