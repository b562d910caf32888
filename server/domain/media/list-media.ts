import { db, type Prisma } from "../../db.ts";
import type { Scope } from "../access.ts";
import { listMediaQuery } from "./media.schema.ts";
import { presentMedia } from "./present-media.ts";
import type { z } from "zod";

// A carousel's slides are inserted in one statement and share their createdAt to the
// millisecond; ordering the ties by their random id shuffled them. Ties keep a carousel's
// slides together and in slide order.
const NEWEST_FIRST = [
  { createdAt: "desc" },
  { carouselId: { sort: "asc", nulls: "last" } },
  { carouselPosition: { sort: "asc", nulls: "last" } },
  { id: "desc" },
] satisfies Prisma.MediaItemOrderByWithRelationInput[];

/** GET /api/v1/media: confirmed media of the scope's workspace, newest first (a carousel's slides in order). */
export async function listMedia(scope: Scope, raw: z.input<typeof listMediaQuery>) {
  const q = listMediaQuery.parse(raw);
  const where = { workspaceId: scope.workspaceId, status: "CONFIRMED" as const, mediaType: q.mediaType };
  const [items, total] = await Promise.all([
    db.mediaItem.findMany({ where, orderBy: NEWEST_FIRST, skip: q.offset, take: q.limit }),
    db.mediaItem.count({ where }),
  ]);
  return { media: await Promise.all(items.map(presentMedia)), total, hasMore: q.offset + items.length < total };
}
