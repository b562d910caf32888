// The storage of this process, chosen by STORAGE_DRIVER (local by default).
import path from "node:path";
import { env } from "../env.ts";
import { LocalStorage } from "./local-storage.ts";
import type { StorageDriver } from "./storage.ts";

let cached: StorageDriver | undefined;

export async function storage(): Promise<StorageDriver> {
  if (cached) return cached;
  const e = env();
  const config = e.storage;
  if (config.driver === "s3") {
    // Loaded only when used: the AWS SDK is large and warns on Node 20 at import.
    const { S3Storage } = await import("./s3-storage.ts");
    cached = new S3Storage(config);
  } else {
    cached = new LocalStorage(path.join(e.dataDir, "storage"), e.publicUrl, e.storageSigningKey);
  }
  return cached;
}

/** Tests switch drivers. */
export function resetStorage(): void {
  cached = undefined;
}
