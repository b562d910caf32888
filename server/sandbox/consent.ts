// The consent page every sandbox platform shows at its authorize URL: pick or create the
// profile that signs in (with the details the platform would know about them), choose which
// requested scopes to grant, then allow or deny. Allow redirects with a code, deny with
// error=access_denied, exactly as OAuth 2.0 says.
import { html, raw } from "hono/html";
import type { Hono } from "hono";
import type { Env, Ctx } from "./kit.ts";
import { faviconLink } from "./favicon.ts";
import { randomToken, type SandboxProvider, type SandboxState } from "./state.ts";

export type ConsentRequest = {
  provider: SandboxProvider;
  clientId: string;
  redirectUri: string;
  state?: string;
  scopes: string[];
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** e.g. "TikTok business-developer app" */
  appLabel?: string;
  /** the platform's own refusal of this person (e.g. a Meta app in development mode), shown instead of going back */
  refuse?: (username: string) => Response | undefined;
};

const pending = new Map<string, ConsentRequest & { expiresAt: number }>();

/**
 * The page lists the most recent profiles only: a sandbox holding thousands (a benchmark's) would
 * otherwise render them all into every sign-in. A typed username signs in as any of them.
 */
const LISTED_PROFILES = 50;

export const pageTaskNames = ["CREATE_CONTENT", "MANAGE", "MODERATE", "MESSAGING", "ADVERTISE", "ANALYZE"];

const titles: Record<SandboxProvider, string> = {
  x: "X",
  threads: "Threads",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  instagram: "Instagram",
  youtube: "YouTube (Google)",
  facebook: "Facebook",
  mastodon: "Mastodon",
};

export function consentPage(c: Ctx, state: SandboxState, request: ConsentRequest): Response | Promise<Response> {
  const id = randomToken(16);
  for (const [key, value] of pending) if (value.expiresAt < Date.now()) pending.delete(key);
  pending.set(id, { ...request, expiresAt: Date.now() + 15 * 60_000 });
  const profiles = state.profiles(request.provider).slice(-LISTED_PROFILES);
  const p = request.provider;
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Sign in to ${titles[p]} (sandbox)</title>
        ${faviconLink}
        <style>
          body {
            font:
              15px/1.45 system-ui,
              sans-serif;
            background: #f4f5f7;
            color: #1c2330;
            margin: 0;
          }
          main {
            max-width: 34rem;
            margin: 2.5rem auto;
            background: #fff;
            border-radius: 10px;
            padding: 1.5rem 1.75rem;
            box-shadow: 0 1px 3px #0002;
          }
          h1 {
            font-size: 1.25rem;
            margin: 0 0 0.25rem;
          }
          .muted {
            color: #5b6576;
            font-size: 0.9rem;
          }
          fieldset {
            border: 1px solid #d8dde6;
            border-radius: 8px;
            margin: 1rem 0;
            padding: 0.75rem 1rem;
          }
          legend {
            font-weight: 600;
            padding: 0 0.25rem;
          }
          label {
            display: block;
            margin: 0.35rem 0;
          }
          input[type="text"],
          select {
            width: 100%;
            box-sizing: border-box;
            padding: 0.45rem 0.55rem;
            border: 1px solid #c4cbd6;
            border-radius: 6px;
            font: inherit;
          }
          .row {
            display: flex;
            gap: 0.75rem;
            margin-top: 1.25rem;
          }
          button {
            font: inherit;
            padding: 0.55rem 1.1rem;
            border-radius: 6px;
            border: 1px solid #c4cbd6;
            background: #fff;
            cursor: pointer;
          }
          button.allow {
            background: #1f54e6;
            color: #fff;
            border-color: #1f54e6;
          }
          code {
            background: #eef1f5;
            padding: 0 0.25rem;
            border-radius: 4px;
          }
        </style>
      </head>
      <body>
        <main>
          <p class="muted">Sandbox platform · nothing here reaches the real ${titles[p]}</p>
          <h1>${request.appLabel ?? "Posteady"} wants to access your ${titles[p]} account</h1>
          <p class="muted">Client <code>${request.clientId}</code> · returns to <code>${request.redirectUri}</code></p>
          <form method="post" action="/_sandbox/consent">
            <input type="hidden" name="request" value="${id}" />
            <fieldset>
              <legend>Sign in as</legend>
              <label
                >Profile
                <select name="profile">
                  ${raw(profiles.map((pr) => `<option value="${esc(pr.id)}">@${esc(pr.username)} · ${esc(pr.displayName)}</option>`).join(""))}
                  <option value="new" ${profiles.length === 0 ? "selected" : ""}>Create a new profile…</option>
                </select>
              </label>
              <label>New profile username <input type="text" name="username" placeholder="e.g. ${p}_creator (empty: a random username)" /></label>
              <p class="muted">A username typed here signs in as that profile, creating it if needed.</p>
              <label>New profile display name <input type="text" name="displayName" placeholder="empty: the username" /></label>
              ${
                p === "instagram"
                  ? html`<label
                      >Account type
                      <select name="accountType">
                        <option value="BUSINESS">Business</option>
                        <option value="MEDIA_CREATOR">Creator</option>
                        <option value="PERSONAL">Personal (not professional)</option>
                      </select></label
                    >`
                  : ""
              }
              ${
                p === "facebook"
                  ? html`<label>Page name <input type="text" name="pageName" placeholder="empty: “display name's Page”" /></label>
                      <div>
                        Your tasks on the Page:
                        ${raw(
                          pageTaskNames
                            .map(
                              (t) =>
                                `<label><input type="checkbox" name="pageTasks" value="${t}" ${["CREATE_CONTENT", "MANAGE", "MODERATE", "ANALYZE"].includes(t) ? "checked" : ""}/> ${t}</label>`,
                            )
                            .join(""),
                        )}
                      </div>`
                  : ""
              }
            </fieldset>
            <fieldset>
              <legend>Permissions requested</legend>
              ${raw(request.scopes.map((s) => `<label><input type="checkbox" name="scope" value="${esc(s)}" checked /> <code>${esc(s)}</code></label>`).join(""))}
            </fieldset>
            <div class="row">
              <button class="allow" type="submit" name="decision" value="allow">Allow</button>
              <button type="submit" name="decision" value="deny">Deny</button>
            </div>
          </form>
        </main>
      </body>
    </html>`;
  return c.html(body);
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function registerConsent(app: Hono<Env>, state: SandboxState) {
  app.post("/_sandbox/consent", async (c) => {
    const form = await c.req.parseBody({ all: true });
    const one = (k: string) => (Array.isArray(form[k]) ? String((form[k] as unknown[])[0]) : typeof form[k] === "string" ? (form[k] as string) : "");
    const many = (k: string) => (Array.isArray(form[k]) ? (form[k] as unknown[]).map(String) : typeof form[k] === "string" ? [form[k] as string] : []);
    const request = pending.get(one("request"));
    if (!request || request.expiresAt < Date.now()) return c.text("This sign-in request expired; start again from the app.", 400);
    pending.delete(one("request"));
    // Who signs in decides first: a platform that refuses them stops here, on its own page.
    const signingIn = one("username").trim().replace(/^@/, "") || state.profile(one("profile"))?.username || "";
    const refusal = request.refuse?.(signingIn);
    if (refusal) return refusal;
    const back = new URL(request.redirectUri);
    if (request.state !== undefined) back.searchParams.set("state", request.state);
    if (one("decision") !== "allow") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user denied the request");
      return c.redirect(back.toString(), 302);
    }
    // A typed username signs in as that profile (created if new), whatever the list shows.
    const typed = one("username").trim().replace(/^@/, "");
    let profileId = typed ? (state.profiles(request.provider).find((pr) => pr.username === typed)?.id ?? "new") : one("profile");
    if (!profileId || profileId === "new" || !state.profile(profileId)) {
      const username =
        typed ||
        `${request.provider}_${randomToken(3)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "")}`;
      const profile = state.addProfile({
        provider: request.provider,
        username,
        displayName: one("displayName").trim() || username,
        ...(request.provider === "instagram" ? { accountType: one("accountType") || "BUSINESS" } : {}),
      });
      profileId = profile.id;
    }
    if (request.provider === "facebook") {
      const existing = state.profile(profileId)!;
      const name = one("pageName").trim();
      const tasks = many("pageTasks").filter((t) => pageTaskNames.includes(t));
      if (!existing.page || name || form.pageTasks !== undefined) {
        state.updateProfile(profileId, {
          page: {
            id: existing.page?.id ?? String(Date.now()) + String(Math.floor(Math.random() * 1000)),
            name: name || existing.page?.name || `${existing.displayName}'s Page`,
            tasks,
          },
        });
      }
    }
    const granted = many("scope").filter((s) => request.scopes.includes(s));
    const grant = state.addGrant({
      provider: request.provider,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scopes: granted,
      profileId,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
    });
    back.searchParams.set("code", grant.code);
    return c.redirect(back.toString(), 302);
  });
}
