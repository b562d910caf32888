import { db } from "../../db.ts";
import type { Scope } from "../access.ts";
import { listMediaQuery } from "./media.schema.ts";
import { presentMedia } from "./present-media.ts";
import type { z } from "zod";

/** GET /api/v1/media: confirmed media of the scope's workspace, newest first. */
export async function listMedia(scope: Scope, raw: z.input<typeof listMediaQuery>) {
  const q = listMediaQuery.parse(raw);
  const where = { workspaceId: scope.workspaceId, status: "CONFIRMED" as const, mediaType: q.mediaType };
  const [items, total] = await Promise.all([
    db.mediaItem.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: q.offset, take: q.limit }),
    db.mediaItem.count({ where }),
  ]);
  return { media: await Promise.all(items.map(presentMedia)), total, hasMore: q.offset + items.length < total };
}
