// Uploading through the API exactly as a client does: reserve, PUT with the required headers, confirm.
import crypto from "node:crypto";
import { api } from "./fixtures.ts";

export type UploadSpec = { fileName: string; contentType: string; bytes: Buffer; mediaType?: "IMAGE" | "VIDEO" };

export async function reserve(key: string, spec: Omit<UploadSpec, "bytes"> & { fileSize: number }) {
  const res = await api(key)("POST", "/api/v1/media/uploads", {
    body: { fileName: spec.fileName, contentType: spec.contentType, fileSize: spec.fileSize, ...(spec.mediaType ? { mediaType: spec.mediaType } : {}) },
  });
  return res;
}

export async function put(uploadUrl: string, bytes: Buffer, headers: Record<string, string>) {
  const res = await fetch(uploadUrl, { method: "PUT", headers, body: new Uint8Array(bytes) });
  return { status: res.status, json: await res.json().catch(() => undefined), headers: res.headers };
}

export async function upload(key: string, spec: UploadSpec, confirmExtra: Record<string, unknown> = {}) {
  const reservation = await reserve(key, { ...spec, fileSize: spec.bytes.length });
  if (reservation.status !== 201) throw new Error(`reserve failed: ${reservation.status} ${reservation.text}`);
  const r = reservation.json;
  const stored = await put(r.uploadUrl, spec.bytes, r.requiredHeaders);
  if (stored.status !== 200) throw new Error(`PUT failed: ${stored.status} ${JSON.stringify(stored.json)}`);
  const confirmed = await api(key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey, ...confirmExtra } });
  return { reservation: r, confirmed };
}

export const sha256 = (b: Buffer | Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");
