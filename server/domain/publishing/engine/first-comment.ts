// A post's first comment (X and Threads: a reply), made right after the post is published, at
// most once: a comment is public, so it is marked before the call like the post itself. Unlike
// the post, its failure does not fail the job: the post stays published and the job shows the
// comment's own outcome (progress.firstComment, presented by present-job.ts).
import { z } from "zod";
import { adapterFor } from "../../../platforms/registry.ts";
import { isPlatformError } from "../../../platforms/errors.ts";
import type { Flow } from "./flow.ts";
import type { FlowContext } from "./flow-context.ts";

export const firstCommentStateSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("posted"), commentId: z.string() }),
  z.object({ status: z.enum(["failed", "unknown"]), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type FirstCommentState = z.infer<typeof firstCommentStateSchema>;

const STARTED = "firstCommentStarted";

/** The comment on `postId`, once: a run that finds it started but not recorded says unknown and does not try again. */
export async function postFirstComment(ctx: FlowContext<unknown>, text: string, postId: string): Promise<void> {
  if (ctx.progress.firstComment) return;
  const record = (state: FirstCommentState) => ctx.save({ firstComment: state });
  if (ctx.progress[STARTED]) {
    return record({
      status: "unknown",
      error: { code: "COMMENT_RESULT_UNKNOWN", message: "The worker stopped while the comment was being posted; it is not posted again" },
    });
  }
  const adapter = adapterFor(ctx.account.provider);
  if (!adapter.comment) {
    return record({ status: "failed", error: { code: "COMMENT_FAILED", message: `${ctx.account.provider} takes no first comment` } });
  }
  await ctx.save({ [STARTED]: true });
  try {
    const { id } = await ctx.call((c) => adapter.comment!(c, { postId, text }));
    await record({ status: "posted", commentId: id });
  } catch (err) {
    const lost = isPlatformError(err) && (err.kind === "unknown_outcome" || (err.kind === "unavailable" && err.status !== undefined));
    const message = isPlatformError(err) ? err.detail : (err as Error).message;
    await record(
      lost
        ? { status: "unknown", error: { code: "COMMENT_RESULT_UNKNOWN", message: `The platform did not confirm the comment: ${message}` } }
        : { status: "failed", error: { code: "COMMENT_FAILED", message } },
    );
  }
}

/**
 * A flow whose published post then gets the payload's first comment, if it has one: on the
 * last post of a thread, so the comment follows the thread rather than splitting it.
 */
export function withFirstComment<P extends { firstComment?: string | null }>(flow: Flow<P>): Flow<P> {
  return {
    ...flow,
    async run(ctx) {
      await flow.run(ctx);
      const text = ctx.payload.firstComment;
      const published = ctx.published;
      if (!text || !published) return;
      await postFirstComment(ctx as FlowContext<unknown>, text, published.postIds?.at(-1) ?? published.postId);
    },
  };
}
