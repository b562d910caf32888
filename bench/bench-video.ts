// The benchmarks' video: one 15 s 9:16 MP4 that every video mode accepts, uploaded through the API
// as a client does (reserve, PUT, confirm). Answers its mediaId.
import { makeMp4 } from "../server/testing/media-fixtures.ts";

export async function uploadBenchVideo(baseUrl: string, key: string): Promise<string> {
  const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const bytes = makeMp4({ durationSeconds: 15, width: 1080, height: 1920, payloadBytes: 60_000 });
  const reserved = await (
    await fetch(`${baseUrl}/api/v1/media/uploads`, {
      method: "POST",
      headers,
      body: JSON.stringify({ fileName: "bench.mp4", contentType: "video/mp4", fileSize: bytes.length }),
    })
  ).json();
  await fetch(reserved.uploadUrl, { method: "PUT", headers: reserved.requiredHeaders, body: new Uint8Array(bytes) });
  const confirmed = await fetch(`${baseUrl}/api/v1/media/uploads/confirm`, { method: "POST", headers, body: JSON.stringify({ fileKey: reserved.fileKey }) });
  return ((await confirmed.json()) as { mediaId: string }).mediaId;
}
