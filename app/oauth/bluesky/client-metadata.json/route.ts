import { blueskyClientMetadata } from "@/server/domain/accounts/bluesky-oauth-client";
import { env } from "@/server/env";

// atproto OAuth client metadata: its URL is our client_id (docs/platforms/bluesky.md). Served only
// on an https PUBLIC_URL: on http the loopback client needs none, and a client_id must be https.
export function GET() {
  if (!env().publicUrl.startsWith("https://"))
    return Response.json({ error: { code: "NOT_FOUND", message: "Bluesky OAuth client metadata is served only when PUBLIC_URL is https" } }, { status: 404 });
  return Response.json(blueskyClientMetadata(), { headers: { "Cache-Control": "public, max-age=600" } });
}
