// Bluesky's own text rules: 300 graphemes (and 3,000 bytes) per post, counted as Bluesky counts
// them (the adapter's own count, bluesky-limits.ts), for every post of a thread.
import { blueskyGraphemes, blueskyTextProblem } from "../../../../platforms/bluesky/bluesky-limits.ts";
import type { Issues } from "../../validation-issues.ts";

export { blueskyGraphemes };

export function blueskyTextIssues(posts: string[], issues: Issues): void {
  posts.forEach((text, i) => {
    const problem = blueskyTextProblem(text);
    if (problem) issues.add(`posts[${i}]`, `${problem} (graphemes, as Bluesky counts)`, "too_long");
  });
}

/** A reply (a first comment) is a post too. */
export function blueskyReplyProblem(text: string): string | null {
  return blueskyTextProblem(text);
}
