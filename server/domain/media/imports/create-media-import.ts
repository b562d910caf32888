// POST /api/v1/media/imports: records the import and queues its worker run in one transaction,
// so an accepted import always runs. The URL's shape (scheme, credentials, a literal private
// address) is refused at once; names are resolved and checked when the worker fetches.
import { db, Prisma } from "../../../db.ts";
import { AppError, fieldError } from "../../../errors.ts";
import { checkUrlShape, UrlRefusedError } from "../../../carousel/source/safe-fetch.ts";
import { actorUserId, assertCan, type Scope } from "../../access.ts";
import { createMediaImportInput } from "./media-import.schema.ts";
import { queueImportRun } from "./import-queue.ts";
import { presentMediaImport } from "./present-media-import.ts";
import type { z } from "zod";

export async function createMediaImport(scope: Scope, raw: z.input<typeof createMediaImportInput>) {
  assertCan(scope, "content.draft");
  const input = createMediaImportInput.parse(raw);
  const userId = actorUserId(scope);
  if (!userId) throw new AppError("FORBIDDEN", "Imports are made by a user or their API key");
  try {
    checkUrlShape(input.url);
  } catch (err) {
    if (err instanceof UrlRefusedError) throw fieldError("url", `The URL ${err.message}`, "url_refused");
    throw err;
  }
  const data = {
    workspaceId: scope.workspaceId,
    organizationId: scope.organizationId,
    createdById: userId,
    requestId: input.requestId ?? null,
    url: input.url,
    fileName: input.fileName ?? null,
    mediaType: input.mediaType ?? null,
  };
  try {
    const created = await db.$transaction(async (tx) => {
      const row = await tx.mediaImport.create({ data });
      await queueImportRun(tx, row.id);
      return row;
    });
    return { status: 202 as const, body: presentMediaImport(created) };
  } catch (err) {
    // a concurrent or repeated request with the same requestId: answer the import it made
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") || !input.requestId) throw err;
  }
  const existing = await db.mediaImport.findUniqueOrThrow({ where: { workspaceId_requestId: { workspaceId: scope.workspaceId, requestId: input.requestId } } });
  const same = existing.url === data.url && existing.fileName === data.fileName && existing.mediaType === data.mediaType;
  if (!same)
    throw new AppError("REQUEST_CONFLICT", "This requestId was used for another import (url, fileName or mediaType differ)", { importId: existing.id });
  return { status: 200 as const, body: presentMediaImport(existing) };
}
