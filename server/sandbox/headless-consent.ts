// Drives a sandbox consent page without a browser, as a user would: open the authorize URL,
// fill in the form, press Allow (or Deny), and follow the redirect back to the app's callback.
// Used by `npm run cli -- sandbox connect` and by the tests.
export type ConsentChoices = {
  /** an existing sandbox profile id, or omitted to create one */
  profileId?: string;
  username?: string;
  displayName?: string;
  /** instagram: BUSINESS | MEDIA_CREATOR | PERSONAL */
  accountType?: string;
  pageName?: string;
  pageTasks?: string[];
  /** the scopes to grant (default: every requested scope); a short name matches a URL scope ending in it */
  scopes?: string[];
  deny?: boolean;
};

export async function consentHeadlessly(authorizeUrl: string, choices: ConsentChoices = {}): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: "manual" });
  const body = await page.text();
  if (!page.ok) throw new Error(`The sandbox refused the authorization request (${page.status} ${page.headers.get("location") ?? ""}): ${body.slice(0, 300)}`);
  const request = /name="request" value="([^"]+)"/.exec(body)?.[1];
  if (!request) throw new Error("The sandbox consent page has no request id");
  const requested = [...body.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => decodeEntities(m[1]!));
  const form = new URLSearchParams({ request, decision: choices.deny ? "deny" : "allow", profile: choices.profileId ?? "new" });
  // a typed username means "sign in as that profile", so it goes only with a new profile
  if (choices.username && !choices.profileId) form.set("username", choices.username);
  if (choices.displayName) form.set("displayName", choices.displayName);
  if (choices.accountType) form.set("accountType", choices.accountType);
  if (choices.pageName) form.set("pageName", choices.pageName);
  for (const task of choices.pageTasks ?? ["CREATE_CONTENT", "MANAGE", "MODERATE", "ANALYZE"]) form.append("pageTasks", task);
  const grant = choices.scopes ? requested.filter((r) => choices.scopes!.some((s) => r === s || r.endsWith(`/${s}`))) : requested;
  for (const scope of grant) form.append("scope", scope);
  const consentUrl = new URL("/_sandbox/consent", authorizeUrl);
  const decision = await fetch(consentUrl, { method: "POST", body: form, redirect: "manual" });
  const location = decision.headers.get("location");
  if (decision.status !== 302 || !location)
    throw new Error(`The sandbox consent did not redirect (${decision.status}): ${(await decision.text()).slice(0, 300)}`);
  return new URL(location);
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');
}
