// Identity resolution (atproto.com/specs/did): a DID's document names the account's PDS. did:plc
// documents come from the PLC directory (BLUESKY_PLC_URL, default https://plc.directory; the
// sandbox's own directory in sandbox mode), did:web ones from the host's /.well-known/did.json.
// Read through the SSRF-guarded fetch: a DID is as much user input as the server address.
import { platformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import { guardedFetch } from "./bluesky-client.ts";
import { provider } from "./bluesky-errors.ts";

export type DidDocument = { id: string; service?: { id?: string; type?: string; serviceEndpoint?: unknown }[] };

/** Where a DID's document is published. */
export function didDocumentUrl(did: string): string {
  if (/^did:plc:[a-z2-7]{24}$/.test(did)) return `${platformConfig().endpoints.bluesky.plc}/${did}`;
  const web = /^did:web:([a-zA-Z0-9.-]+(?:%3A\d+)?)$/.exec(did);
  if (web) return `https://${decodeURIComponent(web[1]!)}/.well-known/did.json`;
  throw new PlatformError(provider, "invalid_request", `${did} is not a DID this service resolves (did:plc or did:web)`);
}

export async function resolveDidDocument(did: string): Promise<DidDocument> {
  const url = didDocumentUrl(did);
  let res: Response;
  try {
    res = await guardedFetch(url, { headers: { Accept: "application/did+ld+json, application/json" }, signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new PlatformError(provider, "unavailable", `The identity directory did not answer for ${did} (${url}): ${(err as Error).message}`);
  }
  if (res.status === 404 || res.status === 410) throw new PlatformError(provider, "not_found", `${url} has no document for ${did}`, { status: res.status });
  if (!res.ok) throw new PlatformError(provider, "unavailable", `${url} answered ${res.status} for ${did}`, { status: res.status });
  const doc = (await res.json()) as DidDocument;
  if (doc.id !== did) throw new PlatformError(provider, "invalid_request", `${url} answered the document of ${String(doc.id)}, not ${did}`);
  return doc;
}
