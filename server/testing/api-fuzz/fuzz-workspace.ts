// A workspace worth fuzzing: Business plan (a rate limit of 6,000 a minute, so 429s do not hide
// behaviour), an account on every sandbox platform, and an image and a video, so that valid
// requests reach publishing, scheduling and media rules rather than stopping at "not found".
import { createApiKey } from "../../domain/api-keys/create-api-key.ts";
import { providers } from "../../domain/accounts/providers.ts";
import { signUp } from "../../domain/auth/sign-up.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../account-fixtures.ts";
import { makeJpeg, makeMp4 } from "../media-fixtures.ts";

export async function createFuzzWorkspace(baseUrl: string): Promise<{ key: string; workspaceId: string }> {
  const { user, workspace } = await signUp(
    { email: `fuzz-${crypto.randomUUID().slice(0, 8)}@example.test`, password: `fuzz-${crypto.randomUUID()}` },
    { plan: "BUSINESS" },
  );
  const scope = await scopeFromSession(user.id, workspace.id);
  const { key } = await createApiKey(scope, { name: "fuzz" });
  for (const provider of providers) await connectAccount(scope, provider);
  await upload(baseUrl, key, "fuzz.jpg", "image/jpeg", "IMAGE", await makeJpeg({ width: 1080, height: 1080 }));
  await upload(baseUrl, key, "fuzz.mp4", "video/mp4", "VIDEO", makeMp4({ durationSeconds: 15, width: 1080, height: 1920 }));
  return { key, workspaceId: workspace.id };
}

async function upload(baseUrl: string, key: string, fileName: string, contentType: string, mediaType: string, bytes: Buffer): Promise<void> {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(new URL(path, baseUrl), {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<{ uploadUrl: string; requiredHeaders: Record<string, string>; fileKey: string }>;
  };
  const reservation = await call("/api/v1/media/uploads", { fileName, contentType, mediaType, fileSize: bytes.length });
  const put = await fetch(reservation.uploadUrl, { method: "PUT", headers: reservation.requiredHeaders, body: new Uint8Array(bytes) });
  if (!put.ok) throw new Error(`upload PUT answered ${put.status}`);
  await call("/api/v1/media/uploads/confirm", { fileKey: reservation.fileKey });
}
