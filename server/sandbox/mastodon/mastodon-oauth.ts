// Client apps and OAuth 2 on a sandbox Mastodon instance: POST /api/v1/apps
// (https://docs.joinmastodon.org/methods/apps/#create), GET /oauth/authorize with the consent
// page, POST /oauth/token for authorization_code with PKCE S256, POST /oauth/revoke
// (https://docs.joinmastodon.org/methods/oauth/) and the authorization server metadata of
// Mastodon 4.3+ (scopes_supported tells a client whether `profile` exists).
import type { Hono } from "hono";
import { pkceChallenge } from "../../platforms/pkce.ts";
import { consentPage } from "../consent.ts";
import { jsonAnswer, params, type Ctx, type Env, type Kit, type ProviderModule } from "../kit.ts";
import { randomToken, type PlatformObject } from "../state.ts";
import type { MastodonApp } from "./entities.ts";
import { knownScopes, limitsOf } from "./instances.ts";
import { mastodonError, oauthError } from "./mastodon-errors.ts";

export const OOB = "urn:ietf:wg:oauth:2.0:oob";

const unknownClient = () =>
  oauthError(
    401,
    "invalid_client",
    "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
  );

/** The app registered on this instance under a client_id. */
export function appOf(kit: Kit, instance: string, clientId: string | undefined): (PlatformObject & { data: MastodonApp }) | undefined {
  const o = clientId ? kit.state.object(clientId) : undefined;
  return o && o.provider === "mastodon" && o.type === "app" && (o.data as MastodonApp).instance === instance
    ? (o as PlatformObject & { data: MastodonApp })
    : undefined;
}

/** Fields of a form or JSON body, arrays kept (name[] in forms, JSON arrays). */
export async function fieldsOf(c: Ctx): Promise<Record<string, string | string[]>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k.replace(/\[\]$/, ""), Array.isArray(v) ? v.map(String) : v === null || v === undefined ? "" : String(v)]),
    );
  }
  const out: Record<string, string | string[]> = {};
  const add = (k: string, v: string) => {
    if (k.endsWith("[]")) out[k.slice(0, -2)] = [...((out[k.slice(0, -2)] as string[] | undefined) ?? []), v];
    else out[k] = v;
  };
  for (const [k, v] of Object.entries(c.req.query())) add(k, v);
  if (type.includes("x-www-form-urlencoded")) for (const [k, v] of new URLSearchParams(await c.req.text())) add(k, v);
  else if (type.includes("multipart/form-data")) {
    const body = await c.req.parseBody({ all: true });
    for (const [k, v] of Object.entries(body)) for (const one of Array.isArray(v) ? v : [v]) if (typeof one === "string") add(k, one);
  }
  return out;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const scopeList = (v: string | undefined) => (v ?? "").split(/[\s+]+/).filter(Boolean);
const validRedirect = (u: string) => u === OOB || (URL.canParse(u) && !/^javascript:/i.test(u));

export function registerMastodonOAuth(app: Hono<Env>, kit: Kit, m: ProviderModule) {
  const { state } = kit;

  kit.open(app, m, "POST", "/mastodon/:instance/api/v1/apps", "apps.create", async (c) => {
    const instance = c.req.param("instance")!;
    const f = await fieldsOf(c);
    const name = one(f.client_name)?.trim();
    if (!name) return mastodonError(422, "Validation failed: Application name can't be blank");
    const redirects = (Array.isArray(f.redirect_uris) ? f.redirect_uris : (one(f.redirect_uris) ?? "").split(/\s+/)).filter(Boolean);
    if (redirects.length === 0) return mastodonError(422, "Validation failed: Redirect URI can't be blank");
    if (!redirects.every(validRedirect)) return mastodonError(422, "Validation failed: Redirect URI must be an absolute URI.");
    const scopes = scopeList(one(f.scopes) || "read");
    if (scopes.some((s) => !knownScopes(instance).includes(s))) return mastodonError(422, "Validation failed: Scopes must be a valid list of scopes");
    const data: MastodonApp = { instance, name, website: one(f.website) || null, redirectUris: redirects, scopes, clientSecret: randomToken(32) };
    const registered = state.addObject({ id: randomToken(32), provider: "mastodon", profileId: "", type: "app", data, processingMs: 0 });
    return c.json({
      id: String(BigInt(`0x${Buffer.from(registered.id).toString("hex").slice(0, 12)}`)),
      name,
      website: data.website,
      scopes,
      redirect_uri: redirects.join("\n"),
      redirect_uris: redirects,
      vapid_key: "BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M=",
      client_id: registered.id,
      client_secret: data.clientSecret,
      client_secret_expires_at: 0,
    });
  });

  kit.open(app, m, "GET", "/mastodon/:instance/.well-known/oauth-authorization-server", "oauth.metadata", (c) => {
    const instance = c.req.param("instance")!;
    if (!limitsOf(instance).profileScope) return mastodonError(404, "Record not found"); // before 4.3: no such document
    const base = `${kit.baseUrl}/mastodon/${instance}`;
    return c.json({
      issuer: `${base}/`,
      service_documentation: "https://docs.joinmastodon.org/",
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      app_registration_endpoint: `${base}/api/v1/apps`,
      revocation_endpoint: `${base}/oauth/revoke`,
      scopes_supported: knownScopes(instance),
      response_types_supported: ["code"],
      response_modes_supported: ["query", "fragment", "form_post"],
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "client_credentials"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    });
  });

  kit.authorizePage(app, m, "/mastodon/:instance/oauth/authorize", "oauth.authorize", (c) => {
    const instance = c.req.param("instance")!;
    const q = c.req.query();
    const client = appOf(kit, instance, q.client_id);
    // Doorkeeper shows its own error page for a request it cannot send back anywhere.
    if (!client)
      return c.text("Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.", 401);
    if (!q.redirect_uri || !client.data.redirectUris.includes(q.redirect_uri)) return c.text("The redirect uri included is not valid.", 400);
    const back = (error: string, description: string) => {
      const url = new URL(q.redirect_uri!);
      url.searchParams.set("error", error);
      url.searchParams.set("error_description", description);
      if (q.state !== undefined) url.searchParams.set("state", q.state);
      return c.redirect(url.toString(), 302);
    };
    if (q.response_type !== "code") return back("unsupported_response_type", "The authorization server does not support this response type.");
    const scopes = scopeList(q.scope || "read");
    if (scopes.some((s) => !client.data.scopes.includes(s) && !client.data.scopes.includes(s.split(":")[0]!)))
      return back("invalid_scope", "The requested scope is invalid, unknown, or malformed.");
    if (q.code_challenge && q.code_challenge_method !== "S256") return back("invalid_request", "Code challenge method must be S256.");
    return consentPage(c, state, {
      provider: "mastodon",
      clientId: client.id,
      redirectUri: q.redirect_uri,
      state: q.state,
      scopes,
      codeChallenge: q.code_challenge,
      codeChallengeMethod: q.code_challenge ? "S256" : undefined,
      appLabel: `${client.data.name} (on ${instance})`,
    });
  });

  kit.open(app, m, "POST", "/mastodon/:instance/oauth/token", "oauth.token", async (c) => {
    const instance = c.req.param("instance")!;
    const f = await params(c);
    const basic = /^Basic\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, "base64").toString().split(":") : [];
    const client = appOf(kit, instance, f.client_id ?? basicId);
    if (!client || client.data.clientSecret !== (f.client_secret ?? basicSecret)) return unknownClient();
    if (f.grant_type !== "authorization_code")
      return oauthError(400, "unsupported_grant_type", "The authorization grant type is not supported by the authorization server.");
    const invalidGrant = () =>
      oauthError(
        400,
        "invalid_grant",
        "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
      );
    const grant = state.takeGrant(f.code ?? "");
    if (!grant || grant.provider !== "mastodon" || grant.clientId !== client.id || grant.redirectUri !== f.redirect_uri) return invalidGrant();
    if (grant.codeChallenge && pkceChallenge(f.code_verifier ?? "") !== grant.codeChallenge) return invalidGrant();
    const token = state.issueToken({
      kind: "access",
      provider: "mastodon",
      clientId: client.id,
      profileId: grant.profileId,
      scopes: grant.scopes,
      expiresAt: null,
    });
    return c.json({ access_token: token.value, token_type: "Bearer", scope: grant.scopes.join(" "), created_at: Math.floor(token.issuedAt / 1000) });
  });

  // RFC 7009: 200 with an empty object, whether or not the token was known.
  kit.open(app, m, "POST", "/mastodon/:instance/oauth/revoke", "oauth.revoke", async (c) => {
    const instance = c.req.param("instance")!;
    const f = await params(c);
    const client = appOf(kit, instance, f.client_id);
    if (!client || client.data.clientSecret !== f.client_secret) return unknownClient();
    const token = state.token(f.token ?? "");
    if (token && token.provider === "mastodon" && token.clientId === client.id) state.revokeToken(token.value);
    return jsonAnswer({});
  });
}
