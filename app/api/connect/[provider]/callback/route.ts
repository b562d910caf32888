import { completeBlueskyConnect } from "@/server/domain/accounts/bluesky-oauth-connect";
import { completeConnect } from "@/server/domain/accounts/connect-account";
import { connectLinkOfState } from "@/server/domain/accounts/connect-state";
import { providers, type ProviderName } from "@/server/domain/accounts/providers";
import { env } from "@/server/env";
import { toAppError } from "@/server/errors";
import { assertStorableText } from "@/server/storable-text";
import { sessionUserId, WORKSPACE_COOKIE } from "@/server/auth/session";

// The OAuth redirect URI of every platform: completes the connection, then returns to the
// dashboard with the outcome in the query string; a connection made through a client connect
// link (a person without a login) ends on the link's public page instead.
export async function GET(request: Request, context: { params: Promise<{ provider: string }> }) {
  const { provider } = await context.params;
  const base = env().publicUrl;
  if (!(providers as readonly string[]).includes(provider)) return Response.redirect(`${base}/accounts?error=NOT_FOUND`, 302);
  const url = new URL(request.url);
  const q = url.searchParams;
  // Bluesky's loopback client (http PUBLIC_URL) comes back at 127.0.0.1, whose cookies are not
  // PUBLIC_URL's when that names localhost: go on at PUBLIC_URL, where the session cookie is.
  // (the Host header names where the browser came: request.url is the server's own address)
  if (provider === "bluesky" && !base.startsWith("https://") && request.headers.get("host") && request.headers.get("host") !== new URL(base).host)
    return Response.redirect(`${base}/api/connect/bluesky/callback${url.search}`, 302);
  try {
    assertStorableText(Object.fromEntries(q), "query"); // as every door: a NUL is refused, not looked up
    const userId = await sessionUserId();
    const result =
      provider === "bluesky"
        ? await completeBlueskyConnect({ params: q, userId })
        : await completeConnect({
            provider: provider as ProviderName,
            state: q.get("state"),
            code: q.get("code"),
            error: q.get("error"),
            errorDescription: q.get("error_description"),
            userId,
          });
    const target = new URL(result.connectLinkId ? "/connect/done" : (result.returnTo ?? "/accounts"), base);
    if (result.connectLinkId) target.searchParams.set("link", result.connectLinkId);
    target.searchParams.set("connected", result.accounts.map((a) => `@${a.username}`).join(", "));
    target.searchParams.set("provider", provider);
    if (result.connectLinkId) return Response.redirect(target.toString(), 302);
    return new Response(null, {
      status: 302,
      headers: { Location: target.toString(), "Set-Cookie": `${WORKSPACE_COOKIE}=${result.workspaceId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000` },
    });
  } catch (err) {
    const appError = toAppError(err);
    const linkId = provider === "bluesky" ? null : await connectLinkOfState(q.get("state")).catch(() => null);
    const target = new URL(linkId ? "/connect/done" : "/accounts", base);
    if (linkId) target.searchParams.set("link", linkId);
    target.searchParams.set("error", appError.code);
    target.searchParams.set("message", appError.message);
    return Response.redirect(target.toString(), 302);
  }
}
