// text mode (threads, x, linkedin): one post or a thread, to several accounts at once; the X link
// rule and each platform's length limit (SPEC.md "Text modes").
import { z } from "zod";
import type { ConnectedAccount } from "../../../../db.ts";
import type { ProviderName } from "../../../accounts/providers.ts";
import type { PublishBody } from "../../publishing.schema.ts";
import { removeLinks, TEXT_LIMITS, textLength } from "../../text-rules.ts";
import type { Issues } from "../../validation-issues.ts";

/** A scheduled text job's payload: its posts as accepted (after the X link rule). */
export const textPayloadSchema = z.object({ posts: z.array(z.string()).min(1) });
export type TextJobPayload = z.infer<typeof textPayloadSchema>;

export type TextTarget = { account: ConnectedAccount; posts: string[] };
export type TextPlan = { mode: "text"; targets: TextTarget[] };

export function textPlan(accounts: ConnectedAccount[], body: PublishBody, issues: Issues): TextPlan {
  const posts = body.posts;
  if (!posts) {
    issues.add("posts", "required for text accounts", "required");
    issues.throwIfAny();
    return { mode: "text", targets: [] };
  }
  posts.forEach((p, i) => {
    if (p.trim() === "") issues.add(`posts[${i}]`, "must not be empty");
  });
  const has = (p: ProviderName) => accounts.some((a) => a.provider === p);
  if (has("linkedin") && posts.length > 1) issues.add("posts", "linkedin accepts a single post; send threads to threads and x accounts only");
  // The X link rule: posts[0] without links for X accounts; limits checked after removal.
  const xPosts = has("x") ? [removeLinks(posts[0]!).text, ...posts.slice(1)] : null;
  if (xPosts && posts[0]!.trim() !== "" && xPosts[0]!.trim() === "") {
    issues.add("posts[0]", "is empty once links are removed for X (X posts carry no links in the first post); add text besides the link");
  }
  for (const provider of ["x", "threads", "linkedin"] as const) {
    if (!has(provider)) continue;
    const texts = provider === "x" ? xPosts! : provider === "linkedin" ? posts.slice(0, 1) : posts;
    texts.forEach((text, i) => {
      const length = textLength(provider, text);
      if (length > TEXT_LIMITS[provider]) {
        issues.add(
          `posts[${i}]`,
          `is ${length} ${provider === "x" ? "weighted characters (as X counts)" : "characters"}; ${provider} allows ${TEXT_LIMITS[provider]}${provider === "x" && i === 0 ? " after link removal" : ""}`,
          "too_long",
        );
      }
    });
  }
  issues.throwIfAny();
  return { mode: "text", targets: accounts.map((account) => ({ account, posts: account.provider === "x" ? xPosts! : posts })) };
}
