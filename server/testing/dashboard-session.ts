// The dashboard's tRPC door as the browser uses it: sign in through next-auth's credentials
// form (CSRF token, then the callback), then POST procedures with the session cookie.
import { inject } from "vitest";

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

/** Signs in with email and password; answers a tRPC caller carrying the session cookie. */
export async function dashboardSession(email: string, password: string) {
  const baseUrl = inject("baseUrl");
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = cookiesOf(signIn).find((cookie) => cookie.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`sign-in failed: HTTP ${signIn.status}`);

  /** A mutation (POST) with `input` sent as JSON; answers tRPC's own response body. */
  return async function mutation(procedure: string, input: unknown) {
    const res = await fetch(`${baseUrl}/api/trpc/${procedure}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: session },
      body: JSON.stringify(input),
    });
    return { status: res.status, json: (await res.json()) as any };
  };
}
