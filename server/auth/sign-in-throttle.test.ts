// Failed sign-ins through next-auth's real credentials endpoint, over HTTP from chosen loopback
// addresses: throttled per email and address and per address, cleared by a successful sign-in.
import crypto from "node:crypto";
import { describe, expect, it, inject } from "vitest";
import { createWorkspaceWithKey, uniqueEmail } from "../testing/fixtures.ts";
import { requestFrom } from "../testing/http-from.ts";

/** A sign-in as the dashboard's form makes it (next-auth's signIn("credentials", { redirect: false })). */
async function signIn(
  from: string,
  email: string,
  password: string,
  extraHeaders: Record<string, string> = {},
): Promise<{ signedIn: boolean; error: string | null }> {
  const base = inject("baseUrl");
  const csrf = await requestFrom(from, `${base}/api/auth/csrf`);
  const cookie = (csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const res = await requestFrom(from, `${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...extraHeaders },
    body: new URLSearchParams({ email, password, csrfToken: csrf.json.csrfToken, callbackUrl: `${base}/compose`, json: "true" }).toString(),
  });
  const error = new URL(res.json.url).searchParams.get("error");
  const signedIn = (res.headers["set-cookie"] ?? []).some((c) => c.startsWith("next-auth.session-token="));
  return { signedIn, error };
}

const tooMany = /^Too many sign-in attempts; try again in 1[45] minutes$/;

describe("failed sign-ins", () => {
  it("refuse an email from an address after 10 failures, even with the right password; a success clears the count; another address is unaffected", async () => {
    const owner = await createWorkspaceWithKey();
    const [here, elsewhere] = ["127.0.0.4", "127.0.0.5"];
    for (let i = 0; i < 9; i++) expect(await signIn(here, owner.email, "wrong password")).toEqual({ signedIn: false, error: "CredentialsSignin" });
    expect(await signIn(here, owner.email, owner.password)).toEqual({ signedIn: true, error: null });
    // the success cleared the nine: ten more failures are answered as failures
    for (let i = 0; i < 10; i++) expect(await signIn(here, owner.email, "wrong password")).toEqual({ signedIn: false, error: "CredentialsSignin" });
    const refused = await signIn(here, owner.email, owner.password);
    expect(refused.signedIn).toBe(false);
    expect(refused.error).toMatch(tooMany);
    // an X-Forwarded-For of the client's own making does not pass for another address
    const spoofed = await signIn(here, owner.email, owner.password, { "X-Forwarded-For": "203.0.113.9" });
    expect(spoofed.signedIn).toBe(false);
    expect(spoofed.error).toMatch(tooMany);
    expect(await signIn(elsewhere, owner.email, owner.password)).toEqual({ signedIn: true, error: null });
  });

  it("refuse an address after 100 failures over any emails", async () => {
    const owner = await createWorkspaceWithKey();
    const from = "127.0.0.6";
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(from, uniqueEmail("guess"), crypto.randomUUID())));
      expect(answers).toEqual(Array(10).fill({ signedIn: false, error: "CredentialsSignin" }));
    }
    const refused = await signIn(from, owner.email, owner.password);
    expect(refused.signedIn).toBe(false);
    expect(refused.error).toMatch(tooMany);
    expect(await signIn("127.0.0.7", owner.email, owner.password)).toEqual({ signedIn: true, error: null });
  });
});
