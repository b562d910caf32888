// `platforms check` for Mastodon: there is no one app to check, so each instance we have an app on
// (or one named) is asked for GET /api/v2/instance, the call every client makes first; the verdict
// names its limits, or why it could not be read.
import type { CallVerdict } from "../check/app-credential-calls.ts";
import { PlatformError } from "../errors.ts";
import { instanceLimits } from "./mastodon-instance.ts";

export async function checkMastodonInstance(base: string): Promise<CallVerdict> {
  try {
    const l = await instanceLimits(base, { fresh: true });
    return {
      result: "ok",
      detail: `${base} answers /api/v2/instance${l.version ? ` (version ${l.version})` : ""}: ${l.maxCharacters} characters, ${l.maxMediaAttachments} attachments, URLs as ${l.charactersReservedPerUrl}`,
    };
  } catch (err) {
    if (err instanceof PlatformError) return { result: "fail", detail: `${base}: ${err.detail}` };
    throw err;
  }
}
