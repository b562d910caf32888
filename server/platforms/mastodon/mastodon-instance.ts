// A Mastodon instance from the address a user typed: normalized to its base URL, refused when it
// points into our own network (the SSRF guard media imports and webhooks use; URL_FETCH_ALLOW_CIDRS
// opens ranges on purpose), and reached only through a connection pool whose DNS lookup applies
// the same check when it connects. The sandbox's own instances (PLATFORMS=sandbox, under
// SANDBOX_URL/mastodon/) are the operator's configuration, not user input, and skip the guard.
import net from "node:net";
import { checkUrlShape, checkUrlTarget, guardedDispatcher, UrlRefusedError } from "../../carousel/source/safe-fetch.ts";
import { platformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import { platformRequest, type PlatformRequest } from "../http.ts";
import { mapMastodonError } from "./mastodon-errors.ts";

export const provider = "mastodon";

/**
 * "mastodon.social", "https://mastodon.social/", "@me@mastodon.social" → "https://mastodon.social".
 * A path is kept (the sandbox's instances live under one), query and fragment are not.
 */
export function instanceBase(address: string): string {
  let raw = address.trim();
  const handle = /^@?[\w.-]+@([\w.-]+\.[a-z]{2,})$/i.exec(raw);
  if (handle) raw = handle[1]!;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) raw = `https://${raw}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PlatformError(provider, "invalid_request", `"${address}" is not an instance address`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new PlatformError(provider, "invalid_request", `"${address}" is not an http(s) address`);
  if (url.username || url.password) throw new PlatformError(provider, "invalid_request", "an instance address must not carry credentials");
  return `${url.protocol}//${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, "")}`;
}

/** The sandbox's instances, trusted as configuration (only in sandbox mode). */
function isSandboxInstance(base: string): boolean {
  const config = platformConfig();
  return config.mode === "sandbox" && base.startsWith(`${config.sandboxUrl}/mastodon/`);
}

/** Refuses an instance inside our network before anything is sent (DNS resolved, every address checked). */
export async function checkInstance(base: string): Promise<void> {
  if (isSandboxInstance(base)) return;
  try {
    await checkUrlTarget(base);
  } catch (err) {
    if (err instanceof UrlRefusedError) throw new PlatformError(provider, "invalid_request", `the instance address ${base} ${err.message}`);
    throw err;
  }
}

/** A call to an instance: guarded unless it is the sandbox's, Mastodon's errors mapped. */
export function instanceRequest<T>(base: string, req: Omit<PlatformRequest, "provider" | "url"> & { path: string }) {
  const url = `${base}${req.path}`;
  const sandboxed = isSandboxInstance(base);
  if (!sandboxed) {
    // IP literals never reach the lookup, so their shape is checked here.
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host)) {
      try {
        checkUrlShape(url);
      } catch (err) {
        throw new PlatformError(provider, "invalid_request", `the instance address ${base} ${(err as Error).message}`);
      }
    }
  }
  return platformRequest<T>({
    mapError: mapMastodonError,
    ...req,
    provider,
    url,
    preserveBigIntegers: true,
    // the guarded pool follows no redirect: a redirect could name an address the guard never saw
    ...(sandboxed ? {} : { dispatcher: guardedDispatcher }),
  });
}

export type InstanceLimits = {
  maxCharacters: number;
  maxMediaAttachments: number;
  charactersReservedPerUrl: number;
  imageSizeLimit: number | null;
  videoSizeLimit: number | null;
  supportedMimeTypes: string[] | null;
  descriptionLimit: number;
  version: string | null;
};

const LIMITS_TTL_MS = 3600_000;
const limitsCache = new Map<string, { at: number; limits: InstanceLimits }>();

type V2Instance = {
  version?: string;
  configuration?: {
    statuses?: { max_characters?: number; max_media_attachments?: number; characters_reserved_per_url?: number };
    media_attachments?: { supported_mime_types?: string[]; image_size_limit?: number; video_size_limit?: number; description_limit?: number };
  };
};

/**
 * The instance's limits from GET /api/v2/instance, cached an hour per instance (they change only
 * when an admin reconfigures). Servers without v2 (Pleroma/Akkoma, Mastodon < 4) answer the same
 * configuration in /api/v1/instance, or only max_toot_chars; what is not reported keeps Mastodon's default.
 */
export async function instanceLimits(base: string, opts: { fresh?: boolean } = {}): Promise<InstanceLimits> {
  const hit = limitsCache.get(base);
  if (hit && !opts.fresh && Date.now() - hit.at < LIMITS_TTL_MS) return hit.limits;
  let info: V2Instance & { max_toot_chars?: number };
  try {
    info = (await instanceRequest<V2Instance>(base, { method: "GET", path: "/api/v2/instance" })).body;
  } catch (err) {
    if (!(err instanceof PlatformError && err.kind === "not_found")) throw err;
    info = (await instanceRequest<V2Instance & { max_toot_chars?: number }>(base, { method: "GET", path: "/api/v1/instance" })).body;
  }
  const s = info.configuration?.statuses ?? {};
  const m = info.configuration?.media_attachments ?? {};
  const limits: InstanceLimits = {
    maxCharacters: s.max_characters ?? info.max_toot_chars ?? 500,
    maxMediaAttachments: s.max_media_attachments ?? 4,
    charactersReservedPerUrl: s.characters_reserved_per_url ?? 23,
    imageSizeLimit: m.image_size_limit ?? null,
    videoSizeLimit: m.video_size_limit ?? null,
    supportedMimeTypes: m.supported_mime_types ?? null,
    descriptionLimit: m.description_limit ?? 1500,
    version: info.version ?? null,
  };
  limitsCache.set(base, { at: Date.now(), limits });
  return limits;
}

/**
 * Whether the instance has the `profile` scope (Mastodon 4.3+): its authorization server
 * metadata lists scopes_supported; an instance without that document has no `profile`.
 */
export async function supportsProfileScope(base: string): Promise<boolean> {
  try {
    const res = await instanceRequest<{ scopes_supported?: string[] }>(base, { method: "GET", path: "/.well-known/oauth-authorization-server" });
    return res.body.scopes_supported?.includes("profile") ?? false;
  } catch (err) {
    if (err instanceof PlatformError && (err.kind === "not_found" || err.kind === "invalid_request")) return false;
    throw err;
  }
}
