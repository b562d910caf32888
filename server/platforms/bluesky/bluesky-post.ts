// Posts on Bluesky: an app.bsky.feed.post record in the account's repository
// (docs.bsky.app/docs/advanced-guides/posts). Text with facets (links, mentions resolved to
// DIDs, hashtags: RichText.detectFacets), replies as root/parent references, langs, up to four
// images with alt text and aspect ratio, or one video (an app.bsky.embed.video: the MP4 uploaded as
// a blob, docs.bsky.app/docs/tutorials/video's simple method), or a link card when there is a link
// and no media.
//
// Never twice, by construction: the record key (a TID) is chosen before the record is sent, and
// kept with the prepared post. A repository holds one record per key, so sending it again can
// never make a second post: after a lost answer the record is looked up by its key; present
// means published, absent means send it again.
import { AtUri, RichText, type Agent } from "@atproto/api";
import { TID } from "@atproto/common-web";
import { PlatformError } from "../errors.ts";
import type { AccountContext, PostInput, PreparedPost, PublishedRef } from "../types.ts";
import { uploadImage, uploadVideo } from "./bluesky-blobs.ts";
import { agentFor } from "./bluesky-client.ts";
import { mapBlueskyError, provider, xrpc } from "./bluesky-errors.ts";
import { fitImage } from "./bluesky-image.ts";
import { BLUESKY_LIMITS, blueskyGraphemes, blueskyTextProblem } from "./bluesky-limits.ts";
import { linkCard } from "./bluesky-link-card.ts";

export const POST_COLLECTION = "app.bsky.feed.post";

type StrongRef = { uri: string; cid: string };
type PostRecord = {
  $type: typeof POST_COLLECTION;
  text: string;
  createdAt: string;
  facets?: unknown[];
  langs?: string[];
  reply?: { root: StrongRef; parent: StrongRef };
  embed?: Record<string, unknown>;
};

/** What preparePost answers, kept in the job's progress: the chosen key and the whole record. */
export type BlueskyPrepared = { rkey: string; record: PostRecord };

/** Bluesky's own input beyond PostInput: the post's languages (BCP-47, at most 3). */
export type BlueskyPostInput = PostInput & { langs?: string[] };

export function permalinkOf(handle: string, uri: string): string {
  return `https://bsky.app/profile/${handle}/post/${new AtUri(uri).rkey}`;
}

function refOf(ctx: AccountContext, uri: string): PublishedRef {
  return { id: uri, permalink: permalinkOf(ctx.username, uri) };
}

function parseOwnUri(ctx: AccountContext, id: string, collection = POST_COLLECTION): AtUri {
  let uri: AtUri;
  try {
    uri = new AtUri(id);
  } catch {
    throw new PlatformError(provider, "invalid_request", `${id} is not an at:// post address`);
  }
  if (uri.collection !== collection) throw new PlatformError(provider, "invalid_request", `${id} is not a Bluesky post`);
  return uri;
}

/** The record, fetched by its address (its cid makes a reply's strong reference). */
async function getPost(agent: Agent, id: string): Promise<{ uri: string; cid: string; value: PostRecord }> {
  let uri: AtUri;
  try {
    uri = new AtUri(id);
  } catch {
    // what is not an at:// address names no post on any server
    throw new PlatformError(provider, "not_found", `${id} is not an at:// post address`);
  }
  const res = await xrpc("com.atproto.repo.getRecord", () => agent.com.atproto.repo.getRecord({ repo: uri.host, collection: uri.collection, rkey: uri.rkey }));
  if (!res.data.cid) throw new PlatformError(provider, "unknown_outcome", `getRecord answered ${id} without its cid`);
  return { uri: res.data.uri, cid: res.data.cid, value: res.data.value as PostRecord };
}

/** A reply names its parent and the thread's root (the parent's root, or the parent itself). */
async function replyTo(agent: Agent, parentId: string): Promise<PostRecord["reply"]> {
  const parent = await getPost(agent, parentId);
  const parentRef = { uri: parent.uri, cid: parent.cid };
  return { root: parent.value.reply?.root ?? parentRef, parent: parentRef };
}

function checkInput(input: BlueskyPostInput): void {
  const problem = blueskyTextProblem(input.text);
  if (problem) throw new PlatformError(provider, "content_rejected", `The text ${problem}`);
  if (input.media.some((m) => m.kind === "document"))
    throw new PlatformError(provider, "media_rejected", "Bluesky posts take images or a video, not documents");
  const videos = input.media.filter((m) => m.kind === "video");
  if (videos.length > 0) {
    if (input.media.length > 1) throw new PlatformError(provider, "media_rejected", "A Bluesky post takes one video and nothing beside it");
    const video = videos[0]!;
    if (video.source.mimeType !== "video/mp4") throw new PlatformError(provider, "media_rejected", `Bluesky takes MP4 videos, not ${video.source.mimeType}`);
    if (video.source.size > BLUESKY_LIMITS.videoBytes)
      throw new PlatformError(provider, "media_rejected", `The video is ${video.source.size} bytes; Bluesky takes at most ${BLUESKY_LIMITS.videoBytes}`);
    if (video.altText && blueskyGraphemes(video.altText) > BLUESKY_LIMITS.videoAltTextGraphemes)
      throw new PlatformError(provider, "media_rejected", `A video's alt text is at most ${BLUESKY_LIMITS.videoAltTextGraphemes} characters on Bluesky`);
  }
  if (input.media.length > BLUESKY_LIMITS.images)
    throw new PlatformError(provider, "media_rejected", `A Bluesky post takes at most ${BLUESKY_LIMITS.images} images`);
}

/** Everything but the submit: facets resolved, images uploaded (or the link card made), key chosen. */
export async function prepareBlueskyPost(ctx: AccountContext, input: BlueskyPostInput): Promise<BlueskyPrepared> {
  checkInput(input);
  const agent = agentFor(ctx);
  const rt = new RichText({ text: input.text });
  // Mentions of handles that do not resolve are left as plain text, as Bluesky's app does.
  await rt.detectFacets(agent);
  const record: PostRecord = { $type: POST_COLLECTION, text: rt.text, createdAt: new Date().toISOString() };
  if (rt.facets?.length) record.facets = JSON.parse(JSON.stringify(rt.facets)) as unknown[];
  if (input.langs?.length) record.langs = input.langs.slice(0, 3);
  if (input.replyToId) record.reply = await replyTo(agent, input.replyToId);
  const video = input.media.find((m) => m.kind === "video");
  if (video) {
    const { blob } = await uploadVideo(agent, video.source);
    const { width, height } = video.source;
    record.embed = {
      $type: "app.bsky.embed.video",
      video: blob,
      ...(video.altText ? { alt: video.altText } : {}),
      // the player sizes its frame by it before the video loads; optional when the size is unknown
      ...(width && height ? { aspectRatio: { width, height } } : {}),
    };
  } else if (input.media.length > 0) {
    const images = [];
    for (const item of input.media) {
      const fitted = await fitImage(await item.source.readRange(0, item.source.size), item.source.mimeType);
      const { blob } = await uploadImage(agent, fitted);
      images.push({ image: blob, alt: item.altText ?? "", aspectRatio: { width: fitted.width, height: fitted.height } });
    }
    record.embed = { $type: "app.bsky.embed.images", images };
  } else {
    const link = rt.facets?.flatMap((f) => f.features).find((f) => f.$type === "app.bsky.richtext.facet#link") as { uri?: string } | undefined;
    const card = link?.uri ? await linkCard(agent, link.uri) : null;
    if (card) record.embed = card;
  }
  return { rkey: TID.nextStr(), record };
}

function preparedOf(prepared: PreparedPost): BlueskyPrepared {
  const p = prepared as Partial<BlueskyPrepared>;
  if (typeof p.rkey !== "string" || !p.record || typeof p.record.text !== "string")
    throw new PlatformError(provider, "invalid_request", "The prepared Bluesky post has no record key or record");
  return p as BlueskyPrepared;
}

/** The prepared post's record if the repository holds it (a lost answer's post), else null. */
export async function findBlueskyPost(ctx: AccountContext, prepared: PreparedPost): Promise<PublishedRef | null> {
  const { rkey } = preparedOf(prepared);
  try {
    const res = await agentFor(ctx).com.atproto.repo.getRecord({ repo: ctx.providerAccountId, collection: POST_COLLECTION, rkey });
    return refOf(ctx, res.data.uri);
  } catch (err) {
    const e = mapBlueskyError(err, "com.atproto.repo.getRecord");
    if (e.kind === "not_found") return null;
    throw e;
  }
}

/** How many times a lost answer is settled by a look-up and a new send before the job is left unknown. */
const SENDS = 3;

/**
 * Sends the prepared record under its key. A lost answer is settled here: the record is looked
 * up by its key and sent again only when absent. A refusal may be the key being taken (by an
 * earlier send whose answer was lost, or an earlier run): it is looked up too, so sending a
 * prepared post again answers the post it already made.
 */
export async function publishBlueskyPrepared(ctx: AccountContext, prepared: PreparedPost): Promise<PublishedRef> {
  const { rkey, record } = preparedOf(prepared);
  const agent = agentFor(ctx);
  let lastError: PlatformError | undefined;
  for (let send = 1; send <= SENDS; send++) {
    try {
      const res = await agent.com.atproto.repo.createRecord({ repo: ctx.providerAccountId, collection: POST_COLLECTION, rkey, record, validate: true });
      return refOf(ctx, res.data.uri);
    } catch (err) {
      const e = mapBlueskyError(err, "com.atproto.repo.createRecord");
      const lost = e.kind === "unknown_outcome" || (e.kind === "unavailable" && e.status !== undefined);
      const keyTaken = !lost && (e.kind === "invalid_request" || e.kind === "content_rejected");
      if (!lost && !keyTaken) throw e;
      lastError = e;
      const found = await findBlueskyPost(ctx, prepared).catch((lookup: unknown) => {
        if (keyTaken) throw e;
        throw new PlatformError(provider, "unknown_outcome", `${e.detail}; looking the post up by its key failed too: ${(lookup as Error).message}`);
      });
      if (found) return found;
      if (keyTaken) throw e;
    }
  }
  throw new PlatformError(provider, "unknown_outcome", `No answer after ${SENDS} sends of the same record key: ${lastError?.detail ?? ""}`);
}

/** A post without a job to keep its key in (synchronous text publishing): prepared and sent in one go. */
export async function publishBlueskyText(ctx: AccountContext, input: { text: string; replyToId?: string; langs?: string[] }): Promise<PublishedRef> {
  const prepared = await prepareBlueskyPost(ctx, { ...input, media: [] });
  return publishBlueskyPrepared(ctx, prepared);
}

export async function deleteBlueskyPost(ctx: AccountContext, id: string): Promise<void> {
  const uri = parseOwnUri(ctx, id);
  if (uri.host !== ctx.providerAccountId) throw new PlatformError(provider, "not_found", `${id} is not a post of this account`);
  const agent = agentFor(ctx);
  // deleteRecord succeeds on a missing record: look first, so a post already gone is not_found
  await getPost(agent, id);
  await xrpc("com.atproto.repo.deleteRecord", () =>
    agent.com.atproto.repo.deleteRecord({ repo: ctx.providerAccountId, collection: POST_COLLECTION, rkey: uri.rkey }),
  );
}

export async function repostOnBluesky(ctx: AccountContext, id: string): Promise<{ id: string }> {
  const agent = agentFor(ctx);
  const post = await getPost(agent, id);
  const res = await xrpc("com.atproto.repo.createRecord", () =>
    agent.com.atproto.repo.createRecord({
      repo: ctx.providerAccountId,
      collection: "app.bsky.feed.repost",
      record: { $type: "app.bsky.feed.repost", subject: { uri: post.uri, cid: post.cid }, createdAt: new Date().toISOString() },
    }),
  );
  return { id: res.data.uri };
}
