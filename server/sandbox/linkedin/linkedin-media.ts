// Sandbox LinkedIn media: the Images, Videos and Documents APIs, each an upload registered with
// initializeUpload, the bytes PUT to the upload URLs it hands out (www.linkedin.com/dms-uploads),
// then processing (WAITING_UPLOAD → PROCESSING → AVAILABLE or PROCESSING_FAILED) that takes the
// sandbox's processing time. Only an AVAILABLE asset owned by the author can go into a post
// (linkedin-content.ts). Documentation:
//   images:    https://learn.microsoft.com/linkedin/marketing/community-management/shares/images-api
//   videos:    https://learn.microsoft.com/linkedin/marketing/community-management/shares/videos-api
//   documents: https://learn.microsoft.com/linkedin/marketing/community-management/shares/documents-api
// Not simulated: organization owners, captions and thumbnail uploads, download URLs (the sandbox
// keeps a hash of the bytes, not the bytes).
import crypto from "node:crypto";
import type { Hono } from "hono";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { bodyStream, jsonAnswer, type Ctx, type Env, type Kit, type ProviderModule } from "../kit.ts";
import { randomToken, type PlatformObject, type SandboxState, type Token } from "../state.ts";
import type { MediaWriter } from "../media-store.ts";
import { inputError, jsonBody, personUrn, restError, versionProblem } from "./linkedin-shared.ts";
import { movieFacts, VideoScanner } from "../tiktok/tiktok-upload.ts";

export type AssetKind = "image" | "video" | "document";
export type AssetStatus = "WAITING_UPLOAD" | "PROCESSING" | "AVAILABLE" | "PROCESSING_FAILED";

const MB = 1024 * 1024;
/** Videos are uploaded in parts of 4 MB, the last one shorter (videos-api, "Upload the Video"). */
export const VIDEO_PART_BYTES = 4 * MB;
/** videos-api, "Video specifications": 75 KB to 500 MB, 3 seconds to 30 minutes, MP4. */
export const VIDEO_MIN_BYTES = 75 * 1024;
export const VIDEO_MAX_BYTES = 500 * MB;
export const VIDEO_MIN_SECONDS = 3;
export const VIDEO_MAX_SECONDS = 30 * 60;
/** images-api: JPG, GIF or PNG; fewer than 36,152,320 pixels; a GIF of at most 250 frames. */
export const IMAGE_MAX_PIXELS = 36_152_320;
export const IMAGE_MAX_GIF_FRAMES = 250;
/** documents-api: "The file size cannot exceed 100MB and 300 pages"; PPT, PPTX, DOC, DOCX and PDF. */
export const DOCUMENT_MAX_BYTES = 100 * MB;
export const DOCUMENT_MAX_PAGES = 300;
/** How long the upload URLs stay valid (the answers' uploadUrlExpiresAt). */
const UPLOAD_URL_MS = 24 * 3600_000;

/** The path segment of each kind's upload URLs, as LinkedIn's dms-uploads URLs name them. */
const UPLOAD_SEGMENT: Record<AssetKind, string> = { image: "uploaded-image", video: "uploadedVideo", document: "uploaded-document" };
/** Asset id prefixes in the style of LinkedIn's (urn:li:image:D4E10AQ…). */
const ID_PREFIX: Record<AssetKind, string> = { image: "D4E10AQ", video: "D5605AQ", document: "D4D10AQ" };

type Part = { firstByte: number; lastByte: number; etag?: string };
type AssetData = {
  owner: string;
  /** the upload URLs' credential (their `ut` parameter) */
  token: string;
  /** videos: echoed back in finalizeUpload ("" for a single part) */
  uploadToken: string;
  urlExpiresAt: number;
  parts: Part[];
  /** bytes received (images, documents) or the upload finalized (videos): processing has started */
  uploaded: boolean;
  durationSeconds?: number;
};

const data = (o: PlatformObject) => o.data as AssetData;
export const assetUrn = (o: PlatformObject) => `urn:li:${o.type}:${o.id}`;

/** The asset a URN names, of one of `kinds`; undefined when there is none. */
export function assetOf(state: SandboxState, urn: string, kinds: readonly AssetKind[]): PlatformObject | undefined {
  const m = /^urn:li:(image|video|document):([A-Za-z0-9_-]+)$/.exec(urn);
  if (!m || !kinds.includes(m[1] as AssetKind)) return undefined;
  const o = state.object(m[2]!);
  return o && o.provider === "linkedin" && o.type === m[1] ? o : undefined;
}

export function assetStatus(state: SandboxState, o: PlatformObject): AssetStatus {
  if (!data(o).uploaded) return "WAITING_UPLOAD";
  if (!state.objectReady(o)) return "PROCESSING";
  return o.failure ? "PROCESSING_FAILED" : "AVAILABLE";
}

export const assetOwner = (o: PlatformObject) => data(o).owner;

/** LinkedIn's 403 for an asset of another owner ("the caller needs to match the video owner"). */
const forbidden = (kind: AssetKind) =>
  jsonAnswer({ message: `Accessing this ${kind} resource is forbidden. Please check your permissions for this resource`, status: 403 }, { status: 403 });

/** The whole request body, or undefined past `limit` bytes (then the rest is not read). */
async function readAll(c: Ctx, limit: number): Promise<Buffer | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of bodyStream(c)) {
    size += part.byteLength;
    if (size > limit) return undefined;
    parts.push(Buffer.from(part));
  }
  return Buffer.concat(parts);
}

/** Why LinkedIn's image processing would fail these bytes, or undefined. */
async function imageVerdict(bytes: Buffer): Promise<string | undefined> {
  const meta = await sharp(bytes, { pages: -1 })
    .metadata()
    .catch(() => undefined);
  if (!meta || !["jpeg", "png", "gif"].includes(meta.format ?? "")) return "The image is not a JPG, GIF or PNG";
  const height = meta.pageHeight ?? meta.height ?? 0;
  if ((meta.width ?? 0) * height >= IMAGE_MAX_PIXELS) return `The image has ${IMAGE_MAX_PIXELS} pixels or more`;
  if (meta.format === "gif" && (meta.pages ?? 1) > IMAGE_MAX_GIF_FRAMES) return `The GIF has more than ${IMAGE_MAX_GIF_FRAMES} frames`;
  return undefined;
}

const OLE = "d0cf11e0a1b11ae1"; // DOC, PPT
const ZIP = "504b0304"; // DOCX, PPTX

/** Why LinkedIn's document processing would fail these bytes, or undefined. */
async function documentVerdict(bytes: Buffer): Promise<string | undefined> {
  const head = bytes.subarray(0, 8).toString("hex");
  if (head.startsWith(OLE) || head.startsWith(ZIP)) return undefined;
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") return "The document is not a PPT, PPTX, DOC, DOCX or PDF file";
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false }).catch(() => undefined);
  if (!pdf) return "The PDF could not be read";
  if (pdf.getPageCount() > DOCUMENT_MAX_PAGES) return `The document has more than ${DOCUMENT_MAX_PAGES} pages`;
  return undefined;
}

/** A video's parts as they arrive: scanned in order, so the MP4 boxes can be followed (in memory only). */
type VideoProgress = { scanner: VideoScanner; hash: crypto.Hash; file: MediaWriter; next: number; waiting: Map<number, Buffer> };

function videoVerdict(progress: VideoProgress | undefined, parts: number): { failure?: string; durationSeconds?: number } {
  if (!progress || progress.next !== parts) return { failure: "The uploaded parts could not be assembled" };
  const scan = progress.scanner;
  if (scan.broken || scan.boxes[0] !== "ftyp" || !scan.moov) return { failure: "The video is not an MP4 file" };
  const seconds = movieFacts(scan.moov).durationSeconds;
  if (seconds === null) return { failure: "The video's duration could not be read" };
  if (seconds < VIDEO_MIN_SECONDS || seconds > VIDEO_MAX_SECONDS) {
    return { failure: `The video is ${seconds.toFixed(1)} s long; videos run from ${VIDEO_MIN_SECONDS} seconds to 30 minutes`, durationSeconds: seconds };
  }
  return { durationSeconds: seconds };
}

export function registerLinkedInMedia(app: Hono<Env>, kit: Kit, m: ProviderModule) {
  const { state } = kit;
  const videos = new Map<string, VideoProgress>();

  const uploadUrl = (o: PlatformObject, part: number) =>
    `${kit.baseUrl}/linkedin/dms-uploads/sp/v2/${o.id}/${UPLOAD_SEGMENT[o.type as AssetKind]}/${part}?ca=vector_feedshare&cn=uploads&ut=${data(o).token}`;

  /** A new asset of the caller, waiting for its bytes. */
  function register(token: Token, kind: AssetKind, owner: string, parts: Part[]): PlatformObject {
    const assetData: AssetData = {
      owner,
      token: randomToken(24),
      uploadToken: parts.length > 1 ? randomToken(32) : "",
      urlExpiresAt: Date.now() + UPLOAD_URL_MS,
      parts,
      uploaded: false,
    };
    return state.addObject({ id: ID_PREFIX[kind] + randomToken(9), provider: "linkedin", profileId: token.profileId, type: kind, data: assetData });
  }

  /** The initializeUploadRequest of an action call, or the refusal. */
  async function initializeRequest(c: Ctx, token: Token, kind: AssetKind): Promise<{ owner: string; body: Record<string, unknown> } | { problem: Response }> {
    const problem = versionProblem(c);
    if (problem) return { problem };
    if (c.req.query("action") !== "initializeUpload") {
      return { problem: restError(400, { code: "ILLEGAL_ARGUMENT", message: `Unsupported action ${c.req.query("action") ?? "(none)"}` }) };
    }
    const body = await jsonBody<{ initializeUploadRequest?: Record<string, unknown> }>(c);
    const request = body?.initializeUploadRequest;
    if (!request || typeof request.owner !== "string") {
      return {
        problem: inputError(
          "FIELD_REQUIRED",
          "initializeUploadRequest/owner",
          "ERROR :: /initializeUploadRequest/owner :: field is required but not found and has no default value",
        ),
      };
    }
    if (request.owner !== personUrn(token.profileId)) return { problem: forbidden(kind) };
    return { owner: request.owner, body: request };
  }

  /** Marks the upload complete and starts processing: `verdict` fails it, or a processing fault does. */
  function startProcessing(o: PlatformObject, operation: string, verdict: string | undefined, media: PlatformObject["media"]) {
    const fault = kit.processingFault("linkedin", operation, o.profileId);
    data(o).uploaded = true;
    o.media = media;
    o.readyAt = Date.now() + (fault.processingMs ?? state.processingMs);
    o.failure = verdict ?? fault.failure;
    state.changed();
  }

  for (const kind of ["image", "document"] as const) {
    // POST /rest/images?action=initializeUpload, POST /rest/documents?action=initializeUpload:
    // {initializeUploadRequest: {owner}} → {value: {uploadUrlExpiresAt, uploadUrl, image | document}}.
    kit.route(
      app,
      m,
      "POST",
      `/linkedin/api/rest/${kind}s`,
      `${kind}s.initializeUpload`,
      async (c, token) => {
        const init = await initializeRequest(c, token, kind);
        if ("problem" in init) return init.problem;
        const o = register(token, kind, init.owner, [{ firstByte: 0, lastByte: -1 }]);
        return c.json({ value: { uploadUrlExpiresAt: data(o).urlExpiresAt, uploadUrl: uploadUrl(o, 0), [kind]: assetUrn(o) } });
      },
      [["w_member_social"]],
    );
  }

  // POST /rest/videos?action=initializeUpload {initializeUploadRequest: {owner, fileSizeBytes,
  // uploadCaptions, uploadThumbnail}} → {value: {video, uploadInstructions: [{uploadUrl, firstByte,
  // lastByte}], uploadToken, uploadUrlsExpireAt}}; ?action=finalizeUpload {finalizeUploadRequest:
  // {video, uploadToken, uploadedPartIds: [ETag of each part, in order]}} → 200.
  kit.route(
    app,
    m,
    "POST",
    "/linkedin/api/rest/videos",
    "videos.actions",
    async (c, token) => {
      if (c.req.query("action") === "finalizeUpload") return finalize(c, token);
      const init = await initializeRequest(c, token, "video");
      if ("problem" in init) return init.problem;
      const size = init.body.fileSizeBytes;
      const sizeField = "initializeUploadRequest/fileSizeBytes";
      if (typeof size !== "number" || !Number.isInteger(size)) return inputError("FIELD_REQUIRED", sizeField, `ERROR :: /${sizeField} :: must be a long`);
      if (size < VIDEO_MIN_BYTES || size > VIDEO_MAX_BYTES) {
        return inputError("INVALID_VALUE", sizeField, `ERROR :: /${sizeField} :: a video is 75 KB to 500 MB; ${size} bytes is outside that`);
      }
      if (init.body.uploadCaptions === true || init.body.uploadThumbnail === true) {
        return inputError("INVALID_VALUE", "initializeUploadRequest", "The sandbox does not simulate captions or thumbnail uploads");
      }
      const parts: Part[] = [];
      for (let first = 0; first < size; first += VIDEO_PART_BYTES) parts.push({ firstByte: first, lastByte: Math.min(first + VIDEO_PART_BYTES, size) - 1 });
      const o = register(token, "video", init.owner, parts);
      return c.json({
        value: {
          uploadUrlsExpireAt: data(o).urlExpiresAt,
          video: assetUrn(o),
          uploadInstructions: parts.map((p, i) => ({ uploadUrl: uploadUrl(o, i), firstByte: p.firstByte, lastByte: p.lastByte })),
          uploadToken: data(o).uploadToken,
        },
      });
    },
    [["w_member_social"]],
  );

  async function finalize(c: Ctx, token: Token): Promise<Response> {
    const problem = versionProblem(c);
    if (problem) return problem;
    const body = await jsonBody<{ finalizeUploadRequest?: { video?: unknown; uploadToken?: unknown; uploadedPartIds?: unknown } }>(c);
    const request = body?.finalizeUploadRequest;
    const field = (name: string) => `finalizeUploadRequest/${name}`;
    if (typeof request?.video !== "string") return inputError("FIELD_REQUIRED", field("video"), `ERROR :: /${field("video")} :: field is required`);
    const o = assetOf(state, request.video, ["video"]);
    if (!o) return restError(404, { code: "NOT_FOUND", message: `Video ${request.video} does not exist` });
    const d = data(o);
    if (d.owner !== personUrn(token.profileId)) return forbidden("video");
    if (d.uploaded) return restError(400, { code: "ILLEGAL_ARGUMENT", message: `Video ${request.video} is already finalized` });
    if (request.uploadToken !== d.uploadToken) return inputError("INVALID_VALUE", field("uploadToken"), "The uploadToken does not match the upload");
    const ids = request.uploadedPartIds;
    if (!Array.isArray(ids) || ids.length !== d.parts.length) {
      return inputError("INVALID_VALUE", field("uploadedPartIds"), `Expected the ETags of all ${d.parts.length} uploaded parts, in order`);
    }
    const wrong = d.parts.findIndex((p, i) => !p.etag || p.etag !== ids[i]);
    if (wrong >= 0) {
      const p = d.parts[wrong]!;
      return inputError("INVALID_VALUE", field(`uploadedPartIds/${wrong}`), p.etag ? `Part ${wrong} has another ETag` : `Part ${wrong} was not uploaded`);
    }
    const progress = videos.get(o.id);
    const verdict = videoVerdict(progress, d.parts.length);
    videos.delete(o.id);
    d.durationSeconds = verdict.durationSeconds;
    const size = d.parts.at(-1)!.lastByte + 1;
    const digest = progress?.hash.digest("hex") ?? "";
    if (digest) progress?.file.finish(digest);
    startProcessing(o, "videos.actions", verdict.failure, {
      size,
      sha256: digest,
      contentType: "video/mp4",
      head: progress?.scanner.head,
    });
    return c.body(null, 200);
  }

  // PUT {uploadUrl}: the bytes of an image or a document (201), or of one video part (200 with
  // its ETag). The URL is its own credential; LinkedIn's examples also send the Authorization header.
  kit.open(app, m, "PUT", "/linkedin/dms-uploads/sp/v2/:asset/:segment/:part", "dmsUploads.upload", async (c) => {
    const o = state.object(c.req.param("asset") ?? "");
    const kind = o?.type as AssetKind | undefined;
    const part = Number(c.req.param("part"));
    if (!o || o.provider !== "linkedin" || !kind || UPLOAD_SEGMENT[kind] !== c.req.param("segment") || !Number.isInteger(part)) {
      return restError(404, { code: "NOT_FOUND", message: "No such upload" });
    }
    const d = data(o);
    if (c.req.query("ut") !== d.token || Date.now() > d.urlExpiresAt) {
      return restError(403, { code: "ACCESS_DENIED", message: "The upload URL is not valid or has expired" });
    }
    if (d.uploaded) return restError(400, { code: "ILLEGAL_ARGUMENT", message: "The upload is already complete" });
    if (kind !== "video") {
      if (part !== 0) return restError(404, { code: "NOT_FOUND", message: "No such upload" });
      const limit = kind === "document" ? DOCUMENT_MAX_BYTES : 200 * MB;
      const bytes = await readAll(c, limit);
      const verdict = !bytes
        ? `The ${kind} is larger than ${limit / MB} MB`
        : bytes.length === 0
          ? `The ${kind} is empty`
          : kind === "image"
            ? await imageVerdict(bytes)
            : await documentVerdict(bytes);
      const blob = bytes
        ? { size: bytes.length, sha256: sha256(bytes), contentType: c.req.header("content-type"), head: bytes.subarray(0, 16).toString("hex") }
        : undefined;
      if (bytes && blob) state.media.keep(bytes, blob.sha256);
      startProcessing(o, "dmsUploads.upload", verdict, blob);
      return c.body(null, 201);
    }
    const p = d.parts[part];
    if (!p) return restError(404, { code: "NOT_FOUND", message: "No such upload part" });
    const expected = p.lastByte - p.firstByte + 1;
    const bytes = await readAll(c, expected);
    if (!bytes || bytes.length !== expected) {
      return restError(400, { code: "ILLEGAL_ARGUMENT", message: `Part ${part} must be bytes ${p.firstByte}–${p.lastByte} (${expected} bytes)` });
    }
    p.etag = `/ambry-video/signedId/${sha256(bytes).slice(0, 40)}`;
    state.changed();
    scanPart(o.id, part, bytes);
    return c.body(null, 200, { ETag: p.etag });
  });

  /** Feeds the parts that follow on from what was scanned; a part sent again replaces nothing already scanned. */
  function scanPart(id: string, index: number, bytes: Buffer) {
    let progress = videos.get(id);
    if (!progress)
      videos.set(id, (progress = { scanner: new VideoScanner(), hash: crypto.createHash("sha256"), file: state.media.writer(), next: 0, waiting: new Map() }));
    if (index < progress.next) return;
    progress.waiting.set(index, bytes);
    for (let next = progress.waiting.get(progress.next); next; next = progress.waiting.get(progress.next)) {
      progress.scanner.push(next);
      progress.hash.update(next);
      progress.file.write(next);
      progress.waiting.delete(progress.next);
      progress.next += 1;
    }
  }

  // GET /rest/images/{urn}, /rest/videos/{urn}, /rest/documents/{urn}: the asset and its status.
  for (const kind of ["image", "video", "document"] as const) {
    kit.route(
      app,
      m,
      "GET",
      `/linkedin/api/rest/${kind}s/:urn`,
      `${kind}s.get`,
      (c, token) => {
        const problem = versionProblem(c);
        if (problem) return problem;
        const urn = c.req.param("urn") ?? ""; // Hono decodes the path parameter
        const o = assetOf(state, urn, [kind]);
        if (!o) return restError(404, { code: "NOT_FOUND", message: `Not found: ${urn}` });
        if (data(o).owner !== personUrn(token.profileId)) return forbidden(kind);
        return c.json({ owner: data(o).owner, id: assetUrn(o), status: assetStatus(state, o) });
      },
      [["w_member_social"], ["r_member_social"]],
    );
  }
}

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");
