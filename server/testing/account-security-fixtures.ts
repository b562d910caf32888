// The person's own account as the browser reaches it: next-auth's credentials sign-in (with a
// two-factor code when asked) from a chosen loopback address, tRPC calls with the session cookie,
// and the links of the emails the account flows send, read from the test stack's SMTP inbox.
import { expect, inject } from "vitest";
import { requestFrom } from "./http-from.ts";
import { linkIn, readInbox } from "./smtp-inbox.ts";

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

/** The links of the emails to `to` whose subject matches, as received by the stack's SMTP inbox, once `count` have arrived. */
export async function emailedLinks(to: string, subject: RegExp, count = 1): Promise<string[]> {
  const received = () => readInbox(inject("mailDir"), to).filter((e) => subject.test(e.subject));
  await expect.poll(() => received().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return received().map((e) => linkIn(e, inject("baseUrl")));
}

export const RESET_SUBJECT = /^Reset your Posteady password$/;
export const EMAIL_CHANGE_SUBJECT = /^Confirm your new Posteady email$/;

/** The token at the end of an emailed link (/reset-password/<token>, /confirm-email/<token>). */
export const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;
