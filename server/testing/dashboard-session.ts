// The dashboard's tRPC door as the browser uses it: sign in (dashboard-sign-in.ts), then POST
// procedures with the session cookie.
import { inject } from "vitest";
import { dashboardSignIn } from "./dashboard-sign-in.ts";

/** Signs in with email and password; answers a tRPC caller carrying the session cookie. */
export async function dashboardSession(email: string, password: string) {
  const baseUrl = inject("baseUrl");
  const session = await dashboardSignIn(baseUrl, email, password);

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
