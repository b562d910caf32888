// Text jobs (threads, x, linkedin, bluesky): the posts in order, each a reply to the one before. A post
// without media goes through publishText; one with media in the adapter's three steps:
// preparePost (uploads, containers: nothing public; its answer kept in progress so a resumed run
// publishes what an earlier one prepared), a wait until the platform has processed the media,
// then publishPrepared. Each publishing call is its own guarded step, so a run that stops
// mid-thread resumes after the last post it recorded and never repeats one.
import { adapterFor } from "../../../../platforms/registry.ts";
import { systemScope } from "../../../../scope.ts";
import { carouselDocument } from "../../../carousels/carousel-document.ts";
import type { PostMediaItem, PreparedPost } from "../../../../platforms/types.ts";
import { JobFailure } from "../../job-codes.ts";
import type { Flow } from "../../engine/flow.ts";
import type { FlowContext, Progress } from "../../engine/flow-context.ts";
import { OutcomeUnknown } from "../../engine/signals.ts";
import { isPlatformError, PlatformError } from "../../../../platforms/errors.ts";
import type { TextJobPayload } from "./rules.ts";
import { mastodonStatusExtras } from "./mastodon.ts";

type Posted = { id: string; permalink: string };
type Ctx = FlowContext<TextJobPayload>;

/**
 * How long a post's media may stay processing. X documents processing_info.check_after_secs
 * without an upper bound, Threads suggests waiting for FINISHED and LinkedIn's videos take
 * minutes; a prepared post is not public, so giving up costs nothing but the upload.
 */
export const MEDIA_WAIT_DEADLINE_MS = 3600_000;

async function run(ctx: Ctx): Promise<void> {
  const adapter = adapterFor(ctx.account.provider);
  const posted = [...((ctx.progress.posted as Posted[] | undefined) ?? [])];
  for (let i = posted.length; i < ctx.payload.posts.length; i++) {
    const text = ctx.payload.posts[i]!;
    const replyToId = posted.at(-1)?.id;
    const reply = replyToId ? { replyToId } : {};
    const media = ctx.payload.media?.[i] ?? [];
    const document = i === 0 ? ctx.payload.document : undefined;
    const record = (r: Posted) => ({ posted: [...posted, { id: r.id, permalink: r.permalink }] });
    // Mastodon: the target's options and an Idempotency-Key of this job and post
    const extras = mastodonStatusExtras(ctx.account, ctx.job.id, i, ctx.payload.mastodon);
    let ref: Posted;
    if (adapter.findPublished) {
      // a platform that names the record before sending it: every post is prepared (its key kept
      // in progress) and a lost answer settled by looking the record up
      const prepared = await prepare(ctx, i, text, replyToId, extras);
      ref = await submitSettled(ctx, prepared, { text, ...reply }, record);
    } else if (media.length === 0 && !document) {
      ref = await ctx.submitStep((c) => adapter.publishText!(c, { text, ...reply, ...extras }), record);
    } else {
      const prepared = await prepare(ctx, i, text, replyToId, extras);
      ref = await ctx.submitStep((c) => adapter.publishPrepared!(c, prepared, { text, ...reply }), record);
    }
    posted.push({ id: ref.id, permalink: ref.permalink });
  }
  ctx.publish({ postId: posted[0]!.id, permalink: posted[0]!.permalink, postIds: posted.map((p) => p.id) });
}

/** Post i's media prepared (once) and processed. */
async function prepare(ctx: Ctx, i: number, text: string, replyToId: string | undefined, extras: object = {}): Promise<PreparedPost> {
  const adapter = adapterFor(ctx.account.provider);
  const key = `prepared${i}`;
  let prepared = ctx.progress[key] as PreparedPost | undefined;
  if (!prepared) {
    const media: PostMediaItem[] = [];
    const document = i === 0 ? ctx.payload.document : undefined;
    // the PDF is derived from the slides and kept under a key they name: a resumed run reads the same file
    if (document) media.push(await carouselDocument(await systemScope(ctx.job.workspaceId), document.carouselId));
    for (const ref of ctx.payload.media?.[i] ?? []) {
      const source = await ctx.media(ref.mediaId);
      media.push({ kind: source.mimeType.startsWith("video/") ? "video" : "image", source, ...(ref.altText ? { altText: ref.altText } : {}) });
    }
    const langs = ctx.payload.langs?.length ? { langs: ctx.payload.langs } : {};
    const made = await ctx.call((c) => adapter.preparePost!(c, { text, media, ...(replyToId ? { replyToId } : {}), ...extras, ...langs }));
    await ctx.save({ [key]: made });
    prepared = made;
  }
  const label = `the media of post ${i + 1}`;
  await ctx.waitFor(
    label,
    async () => {
      const readiness = await ctx.call((c) => adapter.preparedStatus!(c, prepared));
      if (readiness.state === "failed") throw new JobFailure("PREPARATION_FAILED", `${ctx.account.provider} could not process ${label}: ${readiness.reason}`);
      return readiness.state === "ready" ? true : undefined;
    },
    {
      deadlineMs: MEDIA_WAIT_DEADLINE_MS,
      expired: () => {
        throw new JobFailure(
          "PREPARATION_FAILED",
          `${ctx.account.provider} was still processing ${label} an hour after it was sent; nothing more was published`,
        );
      },
    },
  );
  return prepared;
}

/** Transient failures of a look-up that leave a job to its next run before it is called unknown. */
const RECOVERY_LOOKUPS = 6;

/**
 * publishPrepared as a guarded step, for an adapter that can find a prepared post (findPublished).
 * An answer lost (OutcomeUnknown) is settled at once when the platform answers the look-up: found
 * is recorded as posted, absent is sent again on a later run under the same key (the platform
 * refuses a second record with it). A look-up that fails leaves the step marked, for recover().
 */
async function submitSettled(ctx: Ctx, prepared: PreparedPost, input: { text: string; replyToId?: string }, record: (r: Posted) => Progress): Promise<Posted> {
  const adapter = adapterFor(ctx.account.provider);
  try {
    return await ctx.submitStep((c) => adapter.publishPrepared!(c, prepared, input), record);
  } catch (err) {
    if (!(err instanceof OutcomeUnknown)) throw err;
    const found = await ctx
      .call((c) => adapter.findPublished!(c, prepared))
      .catch((lookup: unknown) => {
        // the platform cannot say now: the mark stays, and the job's next run asks again (recover)
        if (isPlatformError(lookup) && ["unavailable", "unknown_outcome", "rate_limited"].includes(lookup.kind)) throw lookup;
        throw err;
      });
    if (found) {
      await ctx.save(record(found), "clear");
      return found;
    }
    await ctx.clearSubmitting();
    throw new PlatformError(ctx.account.provider, "unavailable", `The post was not received (${err.message}); it is sent again under the same record key`);
  }
}

/**
 * A run that stopped during a post's submit: for an adapter that can find a prepared post, look
 * it up by its key. Found: recorded as posted; absent: the mark is cleared and the run resumes,
 * sending it again. While the platform cannot answer the job waits for its next run, a few times.
 */
async function recover(ctx: Ctx): Promise<"resume" | "unknown"> {
  const adapter = adapterFor(ctx.account.provider);
  if (!adapter.findPublished) return "unknown";
  const posted = (ctx.progress.posted as Posted[] | undefined) ?? [];
  const prepared = ctx.progress[`prepared${posted.length}`] as PreparedPost | undefined;
  if (!prepared || posted.length >= ctx.payload.posts.length) return "unknown";
  let found: Posted | null;
  try {
    found = await ctx.call((c) => adapter.findPublished!(c, prepared));
  } catch (err) {
    const transient = isPlatformError(err) && ["unavailable", "unknown_outcome", "rate_limited"].includes(err.kind);
    if (transient && Number(ctx.progress.retries ?? 0) < RECOVERY_LOOKUPS) throw err;
    return "unknown";
  }
  if (found) await ctx.save({ posted: [...posted, { id: found.id, permalink: found.permalink }] }, "clear");
  else await ctx.clearSubmitting();
  return "resume";
}

export const textFlow: Flow<TextJobPayload> = { run, recover };
