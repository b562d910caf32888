// Text publishing is synchronous: each account's posts go out in order (a thread replies to the
// previous post), accounts in parallel. One account's failure is reported in its result and
// does not stop the others; a thread stops at its first failed post.
import { log } from "../../log.ts";
import { isPlatformError } from "../../platforms/errors.ts";
import { adapterFor } from "../../platforms/registry.ts";
import { withAccount } from "../accounts/account-tokens.ts";
import { codeForPlatformError } from "./job-codes.ts";
import type { PublishResponse } from "./publishing.schema.ts";
import type { TextPlan, TextTarget } from "./modes/index.ts";

export type TextOutcome = PublishResponse["results"][number];

export async function publishThread(target: TextTarget): Promise<TextOutcome> {
  const { account, posts } = target;
  const adapter = adapterFor(account.provider);
  const postIds: string[] = [];
  const permalinks: string[] = [];
  const base = { accountId: account.id, provider: account.provider, username: account.username };
  try {
    for (const text of posts) {
      const replyToId = postIds.at(-1);
      const reply = replyToId ? { replyToId } : {};
      // A platform that names its record before sending it (Bluesky) gets it prepared once: a
      // second attempt (a refreshed token) sends the same key, which it never posts twice.
      const ref = adapter.findPublished
        ? await withAccount(account.id, (ctx) => adapter.preparePost!(ctx, { text, media: [], ...reply })).then((prepared) =>
            withAccount(account.id, (ctx) => adapter.publishPrepared!(ctx, prepared, { text, ...reply })),
          )
        : await withAccount(account.id, (ctx) => adapter.publishText!(ctx, { text, ...reply }));
      postIds.push(ref.id);
      permalinks.push(ref.permalink);
    }
    return { ...base, success: true, postIds, permalinks };
  } catch (err) {
    const error = isPlatformError(err)
      ? { code: codeForPlatformError(err), message: err.detail }
      : { code: "PUBLISH_FAILED", message: "Publishing failed unexpectedly" };
    if (!isPlatformError(err)) log.error("text publish failed", { accountId: account.id, error: (err as Error).stack ?? String(err) });
    return { ...base, success: false, postIds, permalinks, error };
  }
}

export async function publishText(plan: TextPlan): Promise<PublishResponse> {
  const results = await Promise.all(plan.targets.map(publishThread));
  const succeeded = results.filter((r) => r.success).length;
  return { results, summary: { succeeded, failed: results.length - succeeded } };
}
