// Signing in to the dashboard as the browser does, through next-auth's credentials form: the CSRF
// token, then the callback. Without vitest, so that the drills (outside a test run) use it too.

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

/** Signs in with email and password; answers the session cookie the dashboard's tRPC calls carry. */
export async function dashboardSignIn(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = cookiesOf(signIn).find((cookie) => cookie.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`the dashboard sign-in failed: HTTP ${signIn.status}`);
  return session;
}
