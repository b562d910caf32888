import { db } from "../../db.ts";
import { notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { releaseMedia } from "./release-media.ts";

/** Removes a media item of the workspace (confirmed or still reserved) and releases its quota. */
export async function deleteMedia(scope: Scope, mediaId: string) {
  assertCan(scope, "content.draft");
  const item = isUuid(mediaId)
    ? await db.mediaItem.findFirst({ where: { id: mediaId, workspaceId: scope.workspaceId, status: { in: ["RESERVED", "CONFIRMED"] } } })
    : null;
  if (!item) throw notFound("Media");
  await releaseMedia(item.id, "DELETED");
  return { mediaId: item.id, deleted: true };
}
