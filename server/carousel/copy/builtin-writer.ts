// The built-in copy writer: deterministic and offline, used whenever no OpenAI-compatible API
// is configured. From a text (or a fetched article) it keeps the text's own sentences: the
// title (or opening line) as the hook, the most informative sentences as points, each with the
// sentence that explains it, then a call to action. From a bare topic it writes the topic as
// the hook and the points of the subject it is about (topic-subjects.ts), as many as the topic
// asks for ("5 tips…"). It never pads: when it has fewer points than slides, the carousel is
// shorter, and its warnings say why (as they say when a topic's points are only general advice).
import { checkCopyShape, type CarouselCopy, type CopyRequest, type CopySource } from "./copy-types.ts";
import { capitalize, clean, headline, pickSentences, splitSentences, standalone, toPoint, topKeywords, wordsOf, type Point } from "./text-points.ts";
import { topicPlan } from "./topic-playbooks.ts";
import { subjectOf } from "./topic-subjects.ts";
import { baseLanguage, phrases } from "./writer-phrases.ts";

/** The copy, and what the writer could not do as asked (shown with the carousel). */
export type WrittenCopy = CarouselCopy & { warnings: string[] };

type Draft = { title: string; hookBody: string; points: Point[]; summary: string; hashtags: string[]; warnings: string[] };

export function writeBuiltinCopy(request: CopyRequest): WrittenCopy {
  const slideCount = Math.max(2, request.slideCount);
  const bodyCount = slideCount - 2;
  const p = phrases(request.language);
  const { source } = request;
  const draft = source.kind === "topic" ? fromTopic(source.content, slideCount, request.language) : fromText(source, slideCount, request.language);
  const slides = [
    { kind: "hook" as const, heading: limit(draft.title, 300), body: draft.hookBody },
    ...draft.points.slice(0, bodyCount).map((point) => ({ kind: "body" as const, heading: limit(point.heading, 300), body: limit(point.body, 1200) })),
    { kind: "cta" as const, heading: p.ctaHeading, body: p.ctaBody },
  ];
  const caption = `${draft.summary}\n\n${draft.hashtags.join(" ")}`.trim().slice(0, 2200);
  return { ...checkCopyShape({ title: limit(draft.title, 200), caption, slides }, slides.length), warnings: draft.warnings };
}

function fromText(source: CopySource, slideCount: number, language: string): Draft {
  const p = phrases(language);
  const bodyCount = slideCount - 2;
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
  const what = source.kind === "url" ? "The page" : "The text";
  return {
    title,
    hookBody: p.hookBody(points.length),
    points,
    summary: summary || title,
    hashtags: topKeywords(source.content, 3).map((k) => `#${k.replace(/[^\p{L}\p{N}]/gu, "")}`),
    warnings:
      points.length < bodyCount
        ? [
            `${what} has ${points.length} point${points.length === 1 ? "" : "s"} worth a slide, so the carousel has ${points.length + 2} slides, not ${slideCount}.`,
          ]
        : [],
  };
}

function fromTopic(topic: string, slideCount: number, language: string): Draft {
  const p = phrases(language);
  const bodyCount = slideCount - 2;
  const title = capitalize(clean(topic));
  const listed = topicPointCount(topic);
  const subject = baseLanguage(language) === "en" ? subjectOf(topic) : undefined;
  const plan = subject ?? topicPlan(title, language);
  const wanted = listed ?? bodyCount;
  const points = plan.points.slice(0, Math.min(wanted, bodyCount)).map((point, i) => (listed ? { ...point, heading: `${i + 1}. ${point.heading}` } : point));
  const warnings: string[] = [];
  if (!subject) {
    warnings.push(
      "The built-in writer knows nothing specific about this topic, so its points are general advice. For points about the subject itself, start from a text or a link, or configure an OpenAI-compatible writer (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL; see docs/configuration.md).",
    );
  }
  if (listed !== null && listed > bodyCount)
    warnings.push(`The topic asks for ${listed} points; ${slideCount} slides hold ${bodyCount} besides the first and the last.`);
  else if (points.length < wanted) {
    const about = subject ? `about ${subject.name}` : "of this kind";
    warnings.push(`The built-in writer has ${points.length} points ${about}; the topic asks for ${wanted}, so the carousel has ${points.length + 2} slides.`);
  }
  return {
    title,
    hookBody: `${plan.hookBody} →`,
    points,
    summary: `${/[.!?…]$/u.test(title) ? title : `${title}.`} ${p.topicQuestion}`,
    hashtags: subject?.hashtags ?? topicHashtags(topic),
    warnings,
  };
}

/** The number of points a topic promises ("5 tips…", "Top 10 …"), if any. */
export function topicPointCount(topic: string): number | null {
  const n = /\b([2-9]|1[0-5])\b/.exec(topic);
  return n ? Number(n[1]) : null;
}

// Words that say what shape a topic has, not what it is about: no hashtag.
const NOT_SUBJECT = new Set(
  (
    "a an and are at be best by can do does every for from get how i in into is it make my of on or our simple small that the their this to top " +
    "use using what when why with you your tips tip ways way mistakes mistake habits habit steps step things thing ideas idea rules rule guide " +
    "lessons lesson reasons reason secrets secret tricks trick avoid start starting better great good easy quick"
  ).split(" "),
);

/** One hashtag of the topic's subject words (#ColdEmailOutreach), or none when they are too many to read as one tag. */
function topicHashtags(topic: string): string[] {
  const words = wordsOf(topic).filter((w) => !NOT_SUBJECT.has(w) && !/^\d+$/.test(w));
  if (words.length === 0 || words.length > 3) return [];
  return [`#${words.map((w) => capitalize(w.replace(/[^\p{L}\p{N}]/gu, ""))).join("")}`];
}

/** Cuts text to `max` characters at a word boundary. */
function limit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1)).replace(/[\s,.;:–—-]+$/u, "")}…`;
}
