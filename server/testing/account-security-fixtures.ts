// The person's own account as the browser reaches it: next-auth's credentials sign-in (with a
// two-factor code when asked) from a chosen loopback address, tRPC calls with the session cookie,
// and the links of the emails the account flows send.
import { inject } from "vitest";
import { db } from "../db.ts";
import { requestFrom } from "./http-from.ts";

const cookiesOf = (setCookie: string[] | undefined) => (setCookie ?? []).map((c) => c.split(";")[0]!);

export type SignInAnswer = { cookie: string | null; error: string | null };

/** A sign-in as the sign-in form makes it (signIn("credentials", { redirect: false })). */
export async function signInFrom(from: string, fields: { email: string; password: string; code?: string }, userAgent = "vitest"): Promise<SignInAnswer> {
  const base = inject("baseUrl");
  const csrf = await requestFrom(from, `${base}/api/auth/csrf`);
  const res = await requestFrom(from, `${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(csrf.headers["set-cookie"]).join("; "), "User-Agent": userAgent },
    body: new URLSearchParams({ ...fields, csrfToken: csrf.json.csrfToken, callbackUrl: `${base}/compose`, json: "true" }).toString(),
  });
  const cookie = cookiesOf(res.headers["set-cookie"]).find((c) => c.startsWith("next-auth.session-token=")) ?? null;
  return { cookie, error: new URL(res.json.url).searchParams.get("error") };
}

/** A tRPC procedure called as the dashboard does: a query (GET) without input, a mutation (POST) with it. */
export async function trpcCall(
  cookie: string | null,
  procedure: string,
  input?: unknown,
  from = "127.0.0.1",
): Promise<{ status: number; data: any; error: { message: string; code: string; appCode: string | null; issues: { path: string }[] } | null }> {
  const base = inject("baseUrl");
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const res =
    input === undefined
      ? await requestFrom(from, `${base}/api/trpc/${procedure}`, { headers })
      : await requestFrom(from, `${base}/api/trpc/${procedure}`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify(input),
        });
  const error = res.json?.error;
  return {
    status: res.status,
    data: res.json?.result?.data ?? null,
    error: error ? { message: error.message, code: error.data?.code, appCode: error.data?.appCode ?? null, issues: error.data?.details?.issues ?? [] } : null,
  };
}

/**
 * The links in the emails sent to `to` of a kind, newest first.
 * TEMPORARY: read from the outbox table (EmailMessage) until the outgoing-mail module lands on
 * main with its test SMTP inbox; then these tests read the received mail instead.
 */
export async function emailedLinks(to: string, kind: string): Promise<string[]> {
  const messages = await db.emailMessage.findMany({ where: { to, kind }, orderBy: { createdAt: "desc" } });
  return messages.map((m) => {
    const link = /https?:\/\/\S+/.exec(m.text)?.[0];
    if (!link) throw new Error(`no link in the ${kind} email to ${to}`);
    return link;
  });
}

/** The token at the end of an emailed link (/reset-password/<token>, /confirm-email/<token>). */
export const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;
