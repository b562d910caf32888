// Brands of a workspace (managed in the dashboard): a name, an optional logo and colours that
// generation places on every slide.
import crypto from "node:crypto";
import sharp from "sharp";
import type { BrandMark, Palette } from "../../carousel/render/index.ts";
import { db, type Brand } from "../../db.ts";
import { fieldError, notFound } from "../../errors.ts";
import { storage } from "../../storage/index.ts";
import { buffer } from "node:stream/consumers";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import type { brandInput } from "./carousels.schema.ts";
import type { z } from "zod";

type BrandInput = z.output<typeof brandInput>;
const MAX_LOGO_BYTES = 1024 * 1024;

export async function listBrands(scope: Scope) {
  const brands = await db.brand.findMany({ where: { workspaceId: scope.workspaceId }, orderBy: [{ name: "asc" }, { id: "asc" }] });
  const store = await storage();
  return Promise.all(
    brands.map(async (b) => ({
      brandId: b.id,
      name: b.name,
      hasLogo: b.logoKey !== null,
      colors: b.colors as Partial<Palette>,
      logoUrl: b.logoKey ? await store.presignDownload(b.logoKey, { expiresInSeconds: 3600, contentType: "image/png" }) : null,
    })),
  );
}

export async function findBrandOrThrow(scope: Scope, brandId: string): Promise<Brand> {
  const brand = isUuid(brandId) ? await db.brand.findFirst({ where: { id: brandId, workspaceId: scope.workspaceId } }) : null;
  if (!brand) throw notFound("Brand");
  return brand;
}

/** A logo as a PNG of at most 512 px, after checking it really is a PNG or JPEG. */
async function storeLogo(workspaceId: string, brandId: string, base64: string): Promise<string> {
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES) throw fieldError("logoBase64", "must be a PNG or JPEG of at most 1 MiB");
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta || (meta.format !== "png" && meta.format !== "jpeg")) throw fieldError("logoBase64", "must be a PNG or JPEG image");
  const png = await sharp(bytes).resize(512, 512, { fit: "inside", withoutEnlargement: true }).png().toBuffer();
  const key = `brands/${workspaceId}/${brandId}/logo-${crypto.randomBytes(6).toString("hex")}.png`;
  await (await storage()).put(key, png, "image/png");
  return key;
}

export async function createBrand(scope: Scope, input: BrandInput) {
  assertCan(scope, "content.publish");
  const id = crypto.randomUUID();
  const logoKey = input.logoBase64 ? await storeLogo(scope.workspaceId, id, input.logoBase64) : null;
  await db.brand.create({ data: { id, workspaceId: scope.workspaceId, name: input.name, colors: input.colors, logoKey } });
  return { brandId: id };
}

export async function updateBrand(scope: Scope, brandId: string, input: BrandInput) {
  assertCan(scope, "content.publish");
  const brand = await findBrandOrThrow(scope, brandId);
  const logoKey =
    input.logoBase64 === undefined ? brand.logoKey : input.logoBase64 === null ? null : await storeLogo(scope.workspaceId, brand.id, input.logoBase64);
  await db.brand.update({ where: { id: brand.id }, data: { name: input.name, colors: input.colors, logoKey } });
  if (brand.logoKey && brand.logoKey !== logoKey) await (await storage()).delete(brand.logoKey).catch(() => undefined);
  return { brandId: brand.id };
}

export async function deleteBrand(scope: Scope, brandId: string) {
  assertCan(scope, "content.publish");
  const brand = await findBrandOrThrow(scope, brandId);
  await db.brand.delete({ where: { id: brand.id } });
  if (brand.logoKey) await (await storage()).delete(brand.logoKey).catch(() => undefined);
  return { brandId: brand.id, deleted: true };
}

/** What the renderer places on slides for a brand (null: no brand). */
export async function brandMark(brand: Brand | null): Promise<BrandMark> {
  if (!brand) return null;
  const logo = brand.logoKey ? await buffer(await (await storage()).read(brand.logoKey)) : null;
  return { name: brand.name, logo, colors: brand.colors as Partial<Palette> };
}
