import { db } from "../../../db.ts";
import { notFound } from "../../../errors.ts";
import { isUuid } from "../../ids.ts";
import type { Scope } from "../../access.ts";
import { presentMediaImport } from "./present-media-import.ts";

/** GET /api/v1/media/imports/{id}: an import of the scope's workspace. */
export async function getMediaImport(scope: Scope, id: string) {
  if (!isUuid(id)) throw notFound("Media import");
  const row = await db.mediaImport.findFirst({ where: { id, workspaceId: scope.workspaceId } });
  if (!row) throw notFound("Media import");
  return presentMediaImport(row);
}
