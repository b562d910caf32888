// Sandbox X media upload (API v2): POST /2/media/upload/initialize, /{id}/append, /{id}/finalize,
// GET /2/media/upload?command=STATUS and POST /2/media/metadata, with the checks X documents
// (x-media-rules.ts). Videos and GIFs are processed asynchronously: FINALIZE answers
// processing_info and STATUS reports pending → in_progress → succeeded | failed over the sandbox's
// processing time (PUT /_sandbox/settings {"processingMs"}, or the slow_processing / reject_media
// faults on operation media.finalize).
import crypto from "node:crypto";
import type { Hono } from "hono";
import { parseFormData } from "../form-data.ts";
import type { Ctx, Env, Kit, ProviderModule } from "../kit.ts";
import type { MediaBlob, PlatformObject, Token } from "../state.ts";
import type { MediaWriter } from "../media-store.ts";
import { movieFacts, VideoScanner } from "../tiktok/tiktok-upload.ts";
import {
  DAY_S,
  MAX_CHUNK,
  MB,
  VIDEO_SECONDS,
  asynchronous,
  categories,
  defaultCategory,
  fits,
  imageSignature,
  invalid,
  kindOf,
  mediaData,
  mediaKey,
  mediaTypes,
  ownMedia,
  schemaError,
  upload,
  type Upload,
} from "./x-media-rules.ts";

/** Bytes arrive by segment; the whole file is hashed (and a video scanned) in segment order. */
type Stream = { hash: crypto.Hash; file: MediaWriter; next: number; size: number; head: Buffer; waiting: Map<number, Buffer>; scanner?: VideoScanner };

export function registerXMediaUpload(app: Hono<Env>, kit: Kit, m: ProviderModule): void {
  const { state } = kit;
  const streams = new Map<string, Stream>();
  const own = (id: string, token: Token) => ownMedia(state, id, token);

  // POST /2/media/upload/initialize: JSON {media_type, total_bytes, media_category, …}
  // (docs.x.com/x-api/media/initialize-media-upload; additionalProperties: false).
  kit.route(
    app,
    m,
    "POST",
    "/x/api/2/media/upload/initialize",
    "media.initialize",
    async (c, token) => {
      const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body || typeof body !== "object") return invalid("The request body must be JSON with media_type and total_bytes.");
      const unknownField = Object.keys(body).find((k) => !["additional_owners", "media_category", "media_type", "shared", "total_bytes"].includes(k));
      if (unknownField)
        return schemaError(
          unknownField,
          body[unknownField],
          `$.${unknownField}: is not defined in the schema and the schema does not allow additional properties`,
        );
      const type = body.media_type;
      if (typeof type !== "string" || !(type in mediaTypes))
        return schemaError("media_type", type ?? null, `$.media_type: does not have a value in the enumeration ${Object.keys(mediaTypes).join(", ")}`);
      const total = body.total_bytes;
      if (typeof total !== "number" || !Number.isInteger(total) || total < 0 || total > 16 * 1024 * MB)
        return schemaError("total_bytes", total ?? null, "$.total_bytes: must be an integer between 0 and 17179869184");
      const category = (body.media_category as string | undefined) ?? defaultCategory(type);
      const rule = category ? categories[category] : undefined;
      if (!category || !rule)
        return schemaError(
          "media_category",
          body.media_category ?? null,
          `$.media_category: does not have a value in the enumeration ${Object.keys(categories).join(", ")}`,
        );
      if (!fits(rule.kind, type)) return invalid(`media_type ${type} cannot be uploaded as media_category ${category}.`);
      if (total > rule.maxBytes) return invalid(`File size exceeds ${rule.maxBytes} bytes.`);
      const o = state.addObject({
        provider: "x",
        profileId: token.profileId,
        type: "media",
        processingMs: 0,
        data: { mediaType: type, category, totalBytes: total, segments: {}, finalized: false, postIds: [] } satisfies Upload,
      });
      return c.json({ data: { id: o.id, media_key: mediaKey(o), expires_after_secs: DAY_S } });
    },
    [["media.write"]],
  );

  // POST /2/media/upload/:id/append: multipart/form-data (or JSON with base64) {media, segment_index 0–999}
  // (docs.x.com/x-api/media/append-media-upload).
  kit.route(
    app,
    m,
    "POST",
    "/x/api/2/media/upload/:id/append",
    "media.append",
    async (c, token) => {
      const o = own(c.req.param("id") ?? "", token);
      if (!o) return invalid("The media_id is invalid or does not belong to this user.");
      const u = upload(o);
      if (u.finalized) return invalid("The upload of this media_id is already finalized.");
      const part = await appendPart(c);
      if ("error" in part) return part.error;
      const { index, bytes } = part;
      if (bytes.length > MAX_CHUNK) return invalid(`The media chunk exceeds ${MAX_CHUNK} bytes.`);
      const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
      const earlier = u.segments[index];
      if (earlier) {
        if (earlier.sha256 === sha256) return c.json({ data: { expires_at: Math.floor(o.createdAt / 1000) + DAY_S } });
        return invalid(`segment_index ${index} was already appended with other bytes.`);
      }
      u.segments[index] = { size: bytes.length, sha256 };
      feed(o, index, bytes);
      state.changed();
      return c.json({ data: { expires_at: Math.floor(o.createdAt / 1000) + DAY_S } });
    },
    [["media.write"]],
  );

  /** The segment of an APPEND: multipart (raw bytes) or JSON (base64), both documented. */
  async function appendPart(c: Ctx): Promise<{ index: number; bytes: Buffer } | { error: Response }> {
    const contentType = c.req.header("content-type") ?? "";
    let rawIndex: unknown;
    let bytes: Buffer | undefined;
    if (contentType.includes("multipart/form-data")) {
      const form = parseFormData(Buffer.from(await c.req.arrayBuffer()), contentType);
      if (!form) return { error: invalid("The multipart body could not be read.") };
      rawIndex = form.get("segment_index")?.bytes.toString("utf8");
      bytes = form.get("media")?.bytes;
    } else {
      const body = (await c.req.json().catch(() => null)) as { media?: unknown; segment_index?: unknown } | null;
      rawIndex = body?.segment_index;
      if (typeof body?.media === "string") bytes = Buffer.from(body.media, "base64");
    }
    const index = typeof rawIndex === "string" && /^\d+$/.test(rawIndex) ? Number(rawIndex) : rawIndex;
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index > 999)
      return { error: schemaError("segment_index", rawIndex ?? null, "$.segment_index: must be an integer between 0 and 999") };
    if (!bytes || bytes.length === 0) return { error: schemaError("media", null, "$.media: is missing but it is required") };
    return { index, bytes };
  }

  /** Hashes (and, for videos, scans) the file in segment order, holding early segments back. */
  function feed(o: PlatformObject, index: number, bytes: Buffer) {
    let s = streams.get(o.id);
    if (!s) {
      s = { hash: crypto.createHash("sha256"), file: kit.state.media.writer(), next: 0, size: 0, head: Buffer.alloc(0), waiting: new Map() };
      if (kindOf(o) === "video") s.scanner = new VideoScanner();
      streams.set(o.id, s);
    }
    s.waiting.set(index, bytes);
    for (let chunk = s.waiting.get(s.next); chunk; chunk = s.waiting.get(s.next)) {
      s.waiting.delete(s.next);
      s.hash.update(chunk);
      s.file.write(chunk);
      s.scanner?.push(chunk);
      if (s.head.length < 16) s.head = Buffer.concat([s.head, chunk.subarray(0, 16 - s.head.length)]);
      s.size += chunk.length;
      s.next += 1;
    }
  }

  /** Why processing fails, as X's error message, or undefined; notes a video's duration. */
  function processed(o: PlatformObject, s: Stream): string | undefined {
    const head = s.head.toString("hex");
    const kind = kindOf(o);
    if (kind === "animated_gif") return head.startsWith("47494638") ? undefined : "Unsupported image format";
    if (kind !== "video") return undefined;
    if (head.startsWith("1a45dfa3")) return undefined; // WebM
    const scan = s.scanner!;
    if (scan.broken || scan.boxes[0] !== "ftyp" || !scan.moov) return "Unsupported video format";
    const facts = movieFacts(scan.moov);
    if (facts.durationSeconds === null) return "Unsupported video format";
    o.data.durationMs = Math.round(facts.durationSeconds * 1000);
    if (facts.durationSeconds < VIDEO_SECONDS.min || facts.durationSeconds > VIDEO_SECONDS.max)
      return `Invalid video duration: ${facts.durationSeconds.toFixed(1)} seconds (X takes ${VIDEO_SECONDS.min} to ${VIDEO_SECONDS.max} seconds)`;
    if (facts.width && facts.height && (facts.width / facts.height > 3 || facts.height / facts.width > 3))
      return `Invalid aspect ratio: ${facts.width}x${facts.height} (X takes 1:3 to 3:1)`;
    return undefined;
  }

  // POST /2/media/upload/:id/finalize (docs.x.com/x-api/media/finalize-media-upload).
  kit.route(
    app,
    m,
    "POST",
    "/x/api/2/media/upload/:id/finalize",
    "media.finalize",
    (c, token) => {
      const o = own(c.req.param("id") ?? "", token);
      if (!o) return invalid("The media_id is invalid or does not belong to this user.");
      const u = upload(o);
      if (u.finalized) return o.failure && !asynchronous(o) ? invalid(o.failure) : c.json({ data: mediaData(o) });
      const indexes = Object.keys(u.segments).map(Number);
      const appended = Object.values(u.segments).reduce((n, s) => n + s.size, 0);
      const s = streams.get(o.id);
      // Segments must run 0, 1, 2… with none missing, and add up to total_bytes.
      if (appended !== u.totalBytes || !s || s.next !== indexes.length) return invalid("Segments do not add up to provided total file size.");
      const blob: MediaBlob = { size: s.size, sha256: s.hash.digest("hex"), contentType: u.mediaType, head: s.head.toString("hex") };
      streams.delete(o.id);
      s.file.finish(blob.sha256);
      o.media = blob;
      u.finalized = true;
      // Images are processed synchronously: an unreadable one is refused here, and its id stays unusable.
      if (kindOf(o) === "photo" && !imageSignature(blob.head ?? "")) {
        o.failure = "media type unrecognized.";
        state.changed();
        return invalid(o.failure);
      }
      if (asynchronous(o)) {
        const injected = kit.processingFault("x", "media.finalize", token.profileId);
        o.createdAt = Date.now();
        o.readyAt = o.createdAt + (injected.processingMs ?? state.processingMs);
        o.failure = injected.failure ?? processed(o, s);
      } else {
        o.readyAt = Date.now();
      }
      state.changed();
      return c.json({ data: mediaData(o) });
    },
    [["media.write"]],
  );

  // GET /2/media/upload?command=STATUS&media_id= (docs.x.com/x-api/media/get-media-upload-status).
  kit.route(
    app,
    m,
    "GET",
    "/x/api/2/media/upload",
    "media.status",
    (c, token) => {
      const q = c.req.query();
      if (q.command !== undefined && q.command !== "STATUS")
        return schemaError("command", q.command, "$.command: does not have a value in the enumeration [STATUS]");
      if (!q.media_id || !/^\d{1,19}$/.test(q.media_id)) return schemaError("media_id", q.media_id ?? null, "$.media_id: must match the pattern ^[0-9]{1,19}$");
      const o = own(q.media_id, token);
      if (!o) return invalid("The media_id is invalid or does not belong to this user.");
      if (!upload(o).finalized) return invalid("The upload of this media_id is not finalized.");
      return c.json({ data: mediaData(o) });
    },
    [["media.write"]],
  );

  // POST /2/media/metadata {id, metadata: {alt_text: {text ≤ 1000}}} (docs.x.com/x-api/media/create-media-metadata).
  kit.route(
    app,
    m,
    "POST",
    "/x/api/2/media/metadata",
    "media.metadata",
    async (c, token) => {
      const body = (await c.req.json().catch(() => null)) as { id?: unknown; metadata?: { alt_text?: { text?: unknown } } } | null;
      if (typeof body?.id !== "string" || !/^\d{1,19}$/.test(body.id)) return schemaError("id", body?.id ?? null, "$.id: is missing but it is required");
      const o = own(body.id, token);
      if (!o) return invalid("The media_id is invalid or does not belong to this user.");
      const alt = body.metadata?.alt_text;
      if (alt !== undefined) {
        if (typeof alt?.text !== "string") return schemaError("metadata.alt_text.text", null, "$.metadata.alt_text.text: is missing but it is required");
        if (alt.text.length > 1000) return schemaError("metadata.alt_text.text", alt.text, "$.metadata.alt_text.text: may only be 1000 characters long");
        upload(o).altText = alt.text;
        state.changed();
      }
      return c.json({ data: { id: o.id, associated_metadata: alt ? { alt_text: { text: upload(o).altText } } : {} } });
    },
    [["media.write"]],
  );
}
