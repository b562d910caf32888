// The local storage driver's URLs, served by the web process with Node streams end to end:
//   PUT  /storage/upload/<key>?expires&type&length&signature   (the uploadUrl of a reservation)
//   GET  /storage/object/<key>?expires&signature               (signed, time-limited downloads; Range)
// They behave like S3 presigned URLs: a missing or different signed header is refused, and an
// upload that is cut short, too long or late (SPEC.md: complete within 300 s) stores nothing.
import type http from "node:http";
import { assertUploadOpen, recordUpload } from "../domain/media/upload-window.ts";
import { AppError, toAppError, type ErrorCode } from "../errors.ts";
import { LocalStorage, UploadRejected } from "../storage/local-storage.ts";
import { storage } from "../storage/index.ts";
import { sendWebResponse } from "./node-adapter.ts";
import { methodNotAllowed } from "./responses.ts";

function sendError(res: http.ServerResponse, status: number, code: ErrorCode, message: string, close = false) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...(close ? { Connection: "close" } : {}) });
  res.end(JSON.stringify({ error: { code, message } }));
}

const uploadCodes: Record<number, ErrorCode> = { 400: "VALIDATION_ERROR", 403: "FORBIDDEN", 408: "UPLOAD_EXPIRED", 411: "VALIDATION_ERROR" };

export async function serveStorage(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
  const driver = await storage();
  const url = new URL(req.url ?? "/", "http://local");
  if (!(driver instanceof LocalStorage)) return sendError(res, 404, "NOT_FOUND", "This installation stores media in S3");
  const key = decodeURIComponent(pathname.slice(pathname.indexOf("/", "/storage/".length) + 1)); // the web server refused malformed escapes
  const method = req.method ?? "GET";
  if (pathname.startsWith("/storage/upload/")) return method === "PUT" ? upload(driver, key, url.searchParams, req, res) : refuse(res, method, ["PUT"]);
  if (pathname.startsWith("/storage/object/"))
    return method === "GET" || method === "HEAD" ? download(driver, key, url.searchParams, req, res) : refuse(res, method, ["GET"]);
  sendError(res, 404, "NOT_FOUND", "No such storage URL");
}

const refuse = (res: http.ServerResponse, method: string, allowed: string[]) => sendWebResponse(res, methodNotAllowed(method, allowed));

async function upload(driver: LocalStorage, key: string, query: URLSearchParams, req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const terms = driver.uploadTerms(key, query);
    const length = req.headers["content-length"];
    if (length === undefined) throw new UploadRejected(411, "Content-Length is required");
    if (req.headers["content-type"] !== terms.contentType) {
      throw new UploadRejected(403, `Content-Type must be exactly "${terms.contentType}" (sent "${req.headers["content-type"] ?? ""}")`);
    }
    if (Number(length) !== terms.contentLength) throw new UploadRejected(403, `Content-Length must be exactly ${terms.contentLength} (sent ${length})`);
    await assertUploadOpen(key);
    const info = await driver.receive(key, req, { contentType: terms.contentType, contentLength: terms.contentLength, deadline: terms.expiresAt });
    await recordUpload(key);
    res.writeHead(200, { ETag: `"${info.version}"`, "Content-Length": "0" });
    res.end();
  } catch (err) {
    // Refused before the body was read: close the connection rather than read a large body.
    if (err instanceof UploadRejected) return sendError(res, err.status, uploadCodes[err.status] ?? "VALIDATION_ERROR", err.message, true);
    const appError = err instanceof AppError ? err : toAppError(err);
    sendError(res, appError.status, appError.code, appError.message, true);
  }
}

async function download(driver: LocalStorage, key: string, query: URLSearchParams, req: http.IncomingMessage, res: http.ServerResponse) {
  if (!driver.downloadAllowed(key, query)) return sendError(res, 403, "FORBIDDEN", "The download URL is invalid or has expired");
  const info = await driver.head(key);
  if (!info) return sendError(res, 404, "NOT_FOUND", "No such object");
  const headers: Record<string, string> = {
    "Content-Type": info.contentType ?? "application/octet-stream",
    "Accept-Ranges": "bytes",
    ETag: `"${info.version}"`,
    "Cache-Control": "private, max-age=300",
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
  let start = 0;
  let end = info.size;
  if (range && (range[1] || range[2])) {
    start = range[1] ? Number(range[1]) : Math.max(0, info.size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(info.size, Number(range[2]) + 1) : info.size;
    if (start >= info.size || start >= end) {
      res.writeHead(416, { "Content-Range": `bytes */${info.size}` });
      return void res.end();
    }
    headers["Content-Range"] = `bytes ${start}-${end - 1}/${info.size}`;
  }
  headers["Content-Length"] = String(end - start);
  res.writeHead(range && (range[1] || range[2]) ? 206 : 200, headers);
  if (req.method === "HEAD") return void res.end();
  const stream = await driver.read(key, { start, end });
  stream.on("error", () => res.destroy());
  stream.pipe(res);
}
