// One platform's live contract run, through OUR adapters: connect (read the identity with the
// token) → publish a harmless test post → read its status until published → find it in the
// account's list → delete it where the API allows. Each step prints one line; a failed step
// throws with the platform's answer, and says when a test post was left behind.
import { isPlatformError } from "../platforms/errors.ts";
import { facebookAdapter } from "../platforms/facebook/facebook-adapter.ts";
import { instagramAdapter } from "../platforms/instagram/instagram-adapter.ts";
import { adapterFor } from "../platforms/registry.ts";
import { tiktokAdapter } from "../platforms/tiktok/tiktok-adapter.ts";
import type { AccountContext, PlatformAdapter } from "../platforms/types.ts";
import { YOUTUBE_CHUNK_SIZE, youtubeAdapter } from "../platforms/youtube/youtube-adapter.ts";
import { contextFor } from "../testing/sandbox-connect.ts";
import type { LiveTarget } from "./live-env.ts";
import { liveImage, liveVideo } from "./live-media.ts";
import { startRecorder, type LiveRecording, type Recorder } from "./recordings.ts";

export type LiveStep = "connect" | "publish" | "status" | "list" | "delete";
export type LiveOptions = {
  sandbox: boolean;
  /** how long processing, listing and deletion may take to show */
  deadlineMs: number;
  pollMs: number;
  log(line: string): void;
  /** receives the run's recorded answers, also when a step failed */
  keep?(recordings: LiveRecording[]): Promise<void>;
};
export type LiveReport = { steps: { step: LiveStep; outcome: string }[]; recordings: LiveRecording[] };

/** Platforms whose API has no delete call: the test post stays, and the report says so. */
const noDelete: Partial<Record<LiveTarget["provider"], string>> = {
  instagram: "Instagram's API cannot delete",
  tiktok: "TikTok's API cannot delete (the video is SELF_ONLY: only the account sees it)",
};

/** Scopes beyond the adapter's defaults that deleting needs (named in the failure). */
const deleteScopes: Partial<Record<LiveTarget["provider"], string>> = {
  threads: "threads_delete",
  youtube: "https://www.googleapis.com/auth/youtube (or youtube.force-ssl)",
  x: "tweet.write",
  linkedin: "w_member_social",
  facebook: "pages_manage_posts",
};

type Posted = { id: string; expectListed: boolean; why?: string };

export async function runLive(target: LiveTarget, opts: LiveOptions): Promise<LiveReport> {
  const { provider } = target;
  const adapter = adapterFor(provider);
  const rec = startRecorder(provider, opts.sandbox ? "sandbox" : "live");
  rec.secret(target.token, "access-token");
  const report: LiveReport = { steps: [], recordings: [] };
  let posted: Posted | undefined;
  let deleted = false;
  let deleteTried = false;
  let ctxForCleanup: AccountContext | undefined;
  const step = async <T>(name: LiveStep, run: () => Promise<{ value: T; outcome: string }>): Promise<T> => {
    rec.step(name);
    try {
      const { value, outcome } = await run();
      report.steps.push({ step: name, outcome });
      opts.log(`live: ${provider} ${name} ok: ${outcome}`);
      return value;
    } catch (err) {
      opts.log(`live: ${provider} ${name} FAILED: ${(err as Error).message}`);
      throw err;
    }
  };
  try {
    const ctx = await step("connect", async () => {
      const ctx = await connectWith(adapter, target);
      ctxForCleanup = ctx;
      rec.secret(ctx.accessToken, "access-token");
      rec.secret(ctx.providerAccountId, "account-id");
      rec.secret(ctx.username, "username");
      return { value: ctx, outcome: `@${ctx.username} (${ctx.providerAccountId})` };
    });
    const text = `Posteady live contract test ${new Date().toISOString()}: a test post, deleted by the test where the platform allows it.`;
    posted = await step("publish", async () => {
      const p = await publish(target, ctx, text, rec, opts);
      rec.secret(p.id, "post-id");
      return { value: p, outcome: `${p.id}${p.why ? ` (${p.why})` : ""}` };
    });
    await step("status", async () => ({ value: undefined, outcome: await readStatus(target, ctx, posted!, opts) }));
    const listed = await step("list", async () => {
      try {
        const found = await untilListed(adapter, ctx, posted!, opts);
        return { value: true, outcome: found };
      } catch (err) {
        // LinkedIn lists posts only for apps approved for r_member_social: say so rather than fail.
        if (provider === "linkedin" && isPlatformError(err, "permission")) {
          return { value: false, outcome: `not permitted (${err.message}): listing needs r_member_social, which LinkedIn grants approved apps only` };
        }
        throw err;
      }
    });
    await step("delete", async () => {
      if (noDelete[provider] || !adapter.deletePost)
        return { value: undefined, outcome: `left in place: ${noDelete[provider] ?? "the adapter has no delete call"}` };
      deleteTried = true;
      try {
        await adapter.deletePost(ctx, posted!.id);
      } catch (err) {
        if (isPlatformError(err, "permission")) throw new Error(`${(err as Error).message} (deleting needs ${deleteScopes[provider]})`, { cause: err });
        throw err;
      }
      deleted = true;
      if (!listed) return { value: undefined, outcome: "deleted (not re-listed: the account cannot list)" };
      await untilGone(adapter, ctx, posted!.id, opts);
      return { value: undefined, outcome: "deleted, and no longer listed" };
    });
  } catch (err) {
    // A later step failed after the post went out: still remove it where the API allows.
    if (posted && !deleteTried && !noDelete[provider] && adapter.deletePost && ctxForCleanup) {
      rec.step("cleanup");
      try {
        await adapter.deletePost(ctxForCleanup, posted.id);
        opts.log(`live: ${provider} cleanup: deleted the test post ${posted.id}`);
      } catch (cleanup) {
        opts.log(`live: ${provider} cleanup failed (${(cleanup as Error).message}): test post ${posted.id} was left in place, remove it by hand`);
      }
    }
    if (posted && !deleted && deleteTried) opts.log(`live: ${provider} test post ${posted.id} was left in place: remove it by hand`);
    throw err;
  } finally {
    report.recordings = rec.stop();
    await opts.keep?.(report.recordings);
  }
  return report;
}

async function connectWith(adapter: PlatformAdapter, target: LiveTarget): Promise<AccountContext> {
  const tokens = { accessToken: target.token };
  const identities = await adapter.identities(tokens);
  if (target.provider === "facebook") {
    const page = target.pageId ? identities.find((i) => i.providerAccountId === target.pageId) : identities[0];
    if (!page)
      throw new Error(
        target.pageId ? `the token does not manage Page ${target.pageId}` : "the token manages no Page (it needs pages_show_list and a Page role)",
      );
    return contextFor(page, tokens);
  }
  if (!identities[0]) throw new Error("the identity call answered no account");
  return contextFor(identities[0], tokens);
}

async function publish(target: LiveTarget, ctx: AccountContext, text: string, rec: Recorder, opts: LiveOptions): Promise<Posted> {
  switch (target.provider) {
    case "x":
    case "threads":
    case "linkedin":
      return { id: (await adapterFor(target.provider).publishText!(ctx, { text })).id, expectListed: true };
    case "facebook":
      return { id: (await facebookAdapter.publishFeed(ctx, { message: text })).id, expectListed: true };
    case "instagram": {
      const image = await liveImage(target.imageUrl);
      try {
        const container = await instagramAdapter.createContainer(ctx, { type: "IMAGE", image: image.source, caption: text });
        rec.step("status");
        const status = await until(opts, `container ${container.id} to finish`, async () => {
          const s = await instagramAdapter.containerStatus(ctx, container.id);
          if (s.statusCode === "ERROR" || s.statusCode === "EXPIRED") throw new Error(`container ${container.id} is ${s.statusCode}: ${s.status ?? ""}`);
          return s.statusCode === "FINISHED" ? s : undefined;
        });
        rec.step("publish");
        const media = await instagramAdapter.publishContainer(ctx, container.id);
        return { id: media.id, expectListed: true, why: `container ${container.id} ${status.statusCode}, then media_publish` };
      } finally {
        await image.close();
      }
    }
    case "tiktok": {
      const video = await liveVideo(target.videoFile);
      const info = await tiktokAdapter.creatorInfo(ctx);
      if (!info.privacyLevelOptions.includes("SELF_ONLY"))
        throw new Error(`the creator cannot post SELF_ONLY (options: ${info.privacyLevelOptions.join(", ")}); the suite posts nothing public`);
      const plan = tiktokAdapter.chunkPlan(video.bytes.byteLength);
      const { publishId, uploadUrl } = await tiktokAdapter.initVideo(ctx, {
        caption: text,
        privacyLevel: "SELF_ONLY",
        videoSize: video.bytes.byteLength,
        ...plan,
      });
      for (let i = 0; i < plan.totalChunkCount; i++) {
        const start = i * plan.chunkSize;
        const end = i === plan.totalChunkCount - 1 ? video.bytes.byteLength : start + plan.chunkSize;
        await tiktokAdapter.uploadChunk(uploadUrl, { bytes: video.bytes.subarray(start, end), start, total: video.bytes.byteLength, mimeType: video.mimeType });
      }
      // video.list returns public videos only, so a SELF_ONLY video must not be in it.
      return { id: publishId, expectListed: false, why: `SELF_ONLY, ${plan.totalChunkCount} chunk(s) uploaded` };
    }
    case "youtube": {
      const video = await liveVideo(target.videoFile);
      const total = video.bytes.byteLength;
      const { sessionUrl } = await youtubeAdapter.startUpload(ctx, {
        title: "Posteady live contract test",
        description: text,
        privacyStatus: "private",
        madeForKids: false,
        size: total,
        mimeType: video.mimeType,
      });
      for (let start = 0; ;) {
        const answer = await youtubeAdapter.uploadChunk(sessionUrl, {
          bytes: video.bytes.subarray(start, Math.min(start + YOUTUBE_CHUNK_SIZE, total)),
          start,
          total,
        });
        if (answer.done) return { id: answer.videoId, expectListed: true, why: "private" };
        start = answer.received;
      }
    }
  }
}

async function readStatus(target: LiveTarget, ctx: AccountContext, posted: Posted, opts: LiveOptions): Promise<string> {
  switch (target.provider) {
    case "x":
    case "linkedin":
      return "published when the create call answered (the API has no status to read)";
    case "threads":
      return "the container was FINISHED before threads_publish, and the permalink read after it";
    case "facebook": {
      const info = await facebookAdapter.postInfo(ctx, posted.id);
      return `${info.permalink} created ${info.createdAt?.toISOString() ?? "(no time)"}`;
    }
    case "instagram": {
      const media = await instagramAdapter.mediaInfo(ctx, posted.id);
      return `${media.mediaType ?? "?"} at ${media.permalink || "(no permalink yet)"}`;
    }
    case "tiktok": {
      const status = await until(opts, `publish ${posted.id} to complete`, async () => {
        const s = await tiktokAdapter.fetchStatus(ctx, posted.id);
        if (s.status === "FAILED") throw new Error(`TikTok failed the publish: ${s.failReason ?? "no reason given"}`);
        return s.status === "PUBLISH_COMPLETE" ? s : undefined;
      });
      return `${status.status}${status.postIds.length ? ` (public post ids ${status.postIds.join(", ")})` : " (no public post id: SELF_ONLY)"}`;
    }
    case "youtube": {
      const status = await until(opts, `video ${posted.id} to be processed`, async () => {
        const s = await youtubeAdapter.videoStatus(ctx, posted.id);
        if (s.uploadStatus === "failed" || s.uploadStatus === "rejected")
          throw new Error(`YouTube ${s.uploadStatus} the video: ${s.failureReason ?? s.rejectionReason ?? ""}`);
        return s.uploadStatus === "processed" ? s : undefined;
      });
      return `${status.uploadStatus}, processing ${status.processingStatus ?? "(not reported)"}`;
    }
  }
}

async function untilListed(adapter: PlatformAdapter, ctx: AccountContext, posted: Posted, opts: LiveOptions): Promise<string> {
  if (!posted.expectListed) {
    const page = await adapter.listPosts(ctx, null);
    if (page.posts.some((p) => p.nativeId === posted.id)) throw new Error(`the test post ${posted.id} is listed among public posts`);
    return `${page.posts.length} public post(s) listed; the SELF_ONLY test post is rightly not among them`;
  }
  const post = await until(opts, `post ${posted.id} to be listed`, async () =>
    (await adapter.listPosts(ctx, null)).posts.find((p) => p.nativeId === posted.id),
  );
  return `found ${post.nativeId} posted ${post.postedAt.toISOString()}`;
}

async function untilGone(adapter: PlatformAdapter, ctx: AccountContext, id: string, opts: LiveOptions): Promise<void> {
  await until(opts, `deleted post ${id} to leave the list`, async () =>
    (await adapter.listPosts(ctx, null)).posts.some((p) => p.nativeId === id) ? undefined : true,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check answers a value, or fails naming what it waited for. */
async function until<T>(opts: LiveOptions, what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + opts.deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() + opts.pollMs > deadline) throw new Error(`gave up waiting for ${what} after ${Math.round(opts.deadlineMs / 1000)} s`);
    await sleep(opts.pollMs);
  }
}
