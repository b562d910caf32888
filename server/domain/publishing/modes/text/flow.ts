// Scheduled text (threads, x, linkedin): the posts of the schedule in order, each a reply to the
// one before, through the same adapters as text published now. Each post is its own guarded
// step, so a run that stops mid-thread resumes after the last post it recorded.
import { adapterFor } from "../../../../platforms/registry.ts";
import type { TextJobPayload } from "./rules.ts";
import type { Flow } from "../../engine/flow.ts";
import type { FlowContext } from "../../engine/flow-context.ts";

type Posted = { id: string; permalink: string };

async function run(ctx: FlowContext<TextJobPayload>): Promise<void> {
  const adapter = adapterFor(ctx.account.provider);
  const posted = [...((ctx.progress.posted as Posted[] | undefined) ?? [])];
  for (let i = posted.length; i < ctx.payload.posts.length; i++) {
    const replyToId = posted.at(-1)?.id;
    const ref = await ctx.submitStep(
      (c) => adapter.publishText!(c, { text: ctx.payload.posts[i]!, ...(replyToId ? { replyToId } : {}) }),
      (r) => ({ posted: [...posted, { id: r.id, permalink: r.permalink }] }),
    );
    posted.push({ id: ref.id, permalink: ref.permalink });
  }
  ctx.publish({ postId: posted[0]!.id, permalink: posted[0]!.permalink, postIds: posted.map((p) => p.id) });
}

export const textFlow: Flow<TextJobPayload> = { run };
