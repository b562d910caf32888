// Checks every media mode shares: the media a request names is the workspace's and confirmed,
// and a video or image fits a target's limits. Pure: the rows are read before (readRequest).
import type { MediaItem } from "../../../db.ts";
import type { Issues } from "../validation-issues.ts";

export type MediaRef = { path: string; id: string };
export type Found = Map<string, { item: MediaItem; path: string }>;

/** Media of the workspace, confirmed; anything else is named in the answer. */
export function checkMedia(rows: MediaItem[], refs: MediaRef[], issues: Issues): Found {
  const byId = new Map(rows.map((m) => [m.id, m]));
  const found: Found = new Map();
  for (const ref of refs) {
    const item = byId.get(ref.id);
    if (!item) issues.notFound(ref.path, "no such media in this workspace");
    else if (item.status !== "CONFIRMED") issues.add(ref.path, "is not confirmed yet: confirm the upload before publishing it", "not_confirmed");
    else found.set(ref.id, { item, path: ref.path });
  }
  issues.throwIfAny();
  return found;
}

export function checkVideo(issues: Issues, path: string, m: MediaItem, limits: { maxBytes?: number; minSeconds?: number; maxSeconds?: number }, what: string) {
  if (m.mediaType !== "VIDEO") return issues.add(path, `must be a video for ${what}`, "wrong_type");
  const d = m.durationSeconds;
  if (limits.maxBytes !== undefined && Number(m.fileSize) > limits.maxBytes)
    issues.add(path, `is ${Number(m.fileSize)} bytes; ${what} takes at most ${limits.maxBytes}`, "too_big");
  if ((limits.minSeconds !== undefined || limits.maxSeconds !== undefined) && d === null)
    return issues.add(path, `has no known duration; ${what} needs one`, "duration_unknown");
  if (d !== null && limits.minSeconds !== undefined && d < limits.minSeconds)
    issues.add(path, `is ${d} s long; ${what} needs at least ${limits.minSeconds} s`, "too_short");
  if (d !== null && limits.maxSeconds !== undefined && d > limits.maxSeconds)
    issues.add(path, `is ${d} s long; ${what} takes at most ${limits.maxSeconds} s`, "too_long");
}

export function checkImage(issues: Issues, path: string, m: MediaItem, maxBytes: number, what: string) {
  if (m.mediaType !== "IMAGE") return issues.add(path, `must be a JPEG image for ${what}`, "wrong_type");
  if (Number(m.fileSize) > maxBytes) issues.add(path, `is ${Number(m.fileSize)} bytes; ${what} takes JPEGs up to ${maxBytes}`, "too_big");
}
