// The storage of this process, chosen by STORAGE_DRIVER (local by default).
import path from "node:path";
import { z } from "zod";
import { env } from "../env.ts";
import { LocalStorage } from "./local-storage.ts";
import type { StorageDriver } from "./storage.ts";

const s3Schema = z.object({
  S3_BUCKET: z.string().min(1, "S3_BUCKET is required with STORAGE_DRIVER=s3"),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
});

let cached: StorageDriver | undefined;

export async function storage(): Promise<StorageDriver> {
  if (cached) return cached;
  const e = env();
  const driver = process.env.STORAGE_DRIVER ?? "local";
  if (driver === "s3") {
    const s = s3Schema.parse(process.env);
    // Loaded only when used: the AWS SDK is large and warns on Node 20 at import.
    const { S3Storage } = await import("./s3-storage.ts");
    cached = new S3Storage({
      bucket: s.S3_BUCKET,
      region: s.S3_REGION,
      endpoint: s.S3_ENDPOINT,
      forcePathStyle: s.S3_FORCE_PATH_STYLE === "true",
      accessKeyId: s.S3_ACCESS_KEY_ID,
      secretAccessKey: s.S3_SECRET_ACCESS_KEY,
    });
  } else if (driver === "local") {
    cached = new LocalStorage(path.join(e.dataDir, "storage"), e.publicUrl, e.storageSigningKey);
  } else {
    throw new Error(`Unknown STORAGE_DRIVER "${driver}" (local or s3)`);
  }
  return cached;
}

/** Tests switch drivers. */
export function resetStorage(): void {
  cached = undefined;
}
