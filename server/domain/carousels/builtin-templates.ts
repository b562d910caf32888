// The service's own templates live in code (server/carousel/render) and are mirrored into the
// Template table with stable ids, so clients can page through them and pass a templateId like
// any workspace template. Synced once per process; rows and previews are idempotent.
import crypto from "node:crypto";
import { builtinTemplates, type Design } from "../../carousel/render/index.ts";
import { db, Prisma } from "../../db.ts";
import { ensurePreview } from "./template-previews.ts";

/** A stable UUID (version 5 layout) for a built-in template key. */
export function builtinTemplateId(key: string): string {
  const h = crypto.createHash("sha1").update(`posteady-template:${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let synced: Promise<void> | undefined;

export function ensureBuiltinTemplates(): Promise<void> {
  synced ??= sync().catch((err) => {
    synced = undefined;
    throw err;
  });
  return synced;
}

async function sync(): Promise<void> {
  // createdAt follows the catalogue's order, which is the order the options endpoint pages in.
  const base = Date.UTC(2026, 0, 1);
  const rows = builtinTemplates.map(
    (t, i) =>
      Prisma.sql`(${builtinTemplateId(t.key)}::uuid, NULL, ${t.key}, ${t.name}, ${t.aspectRatio}, ${t.slideCount}, ${t.language}, ${JSON.stringify(t.design)}::jsonb, ${new Date(base + i * 1000)})`,
  );
  await db.$executeRaw`
    INSERT INTO "Template" (id, "workspaceId", "builtinKey", name, "aspectRatio", "slideCount", language, design, "createdAt")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("builtinKey") DO UPDATE SET name = EXCLUDED.name, "aspectRatio" = EXCLUDED."aspectRatio", "slideCount" = EXCLUDED."slideCount",
      language = EXCLUDED.language, design = EXCLUDED.design, "createdAt" = EXCLUDED."createdAt"`;
  for (const t of builtinTemplates) await ensurePreview(builtinTemplateId(t.key), t.design as Design);
}
