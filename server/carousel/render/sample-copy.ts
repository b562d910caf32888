import type { SlideCopy } from "./types.ts";

const HOOK: SlideCopy = { kind: "hook", heading: "Plan a week of posts in one hour", body: "A simple routine you can repeat every Monday" };
const CTA: SlideCopy = { kind: "cta", heading: "Save this for your next planning session", body: "Follow for more practical publishing tips" };
const POINTS: Array<[string, string]> = [
  ["Start with one goal", "Pick the single outcome this week's posts should move, and let every idea answer to it."],
  ["Collect ideas before writing", "Spend ten minutes listing questions your audience asked recently. Each one is a post."],
  ["Batch similar work", "Write all captions in one sitting, then design all visuals in another. Switching costs time."],
  ["Reuse what worked", "Turn your best post from last month into a carousel, a short video and a thread."],
  ["Schedule, then step away", "Queue everything at once and check results on Friday instead of refreshing all week."],
  ["Review in five minutes", "Note which post earned the most saves and plan next week around that format."],
];

/** Neutral copy for template previews: a hook, body slides, and a closing call to action. */
export function sampleCopy(slideCount: number): SlideCopy[] {
  const count = Math.max(1, Math.floor(slideCount));
  if (count === 1) return [HOOK];
  const middle = Array.from({ length: count - 2 }, (_, i): SlideCopy => {
    const [heading, body] = POINTS[i % POINTS.length]!;
    return { kind: "body", heading, body };
  });
  return [HOOK, ...middle, CTA];
}
