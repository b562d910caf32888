// "Forgot password?" over the dashboard's real tRPC door and next-auth's real sign-in: the same
// answer for every address, a link that works once and for one hour, and every session signed out.
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { emailedLinks, RESET_SUBJECT, signInFrom, tokenOf, trpcCall } from "../../testing/account-security-fixtures.ts";
import { createWorkspaceWithKey, uniqueEmail } from "../../testing/fixtures.ts";
import { RESET_REQUEST_ANSWER } from "./password-reset.ts";

const NEW_PASSWORD = "a brand new password";

describe("password reset", () => {
  it("answers the same, in similar time, for a known and an unknown address; only the known one gets an email", async () => {
    const owner = await createWorkspaceWithKey();
    const unknown = uniqueEmail("nobody");
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await trpcCall(null, "auth.requestPasswordReset", { email }, "127.0.0.31");
      return { answer, ms: performance.now() - started };
    };
    const known = await timed(owner.email);
    const stranger = await timed(unknown);
    expect(known.answer).toEqual({ status: 200, data: { message: RESET_REQUEST_ANSWER }, error: null });
    expect(stranger.answer).toEqual(known.answer);
    // both wait out the same floor (400 ms), so the write and email for the known address do not show
    expect(known.ms).toBeGreaterThanOrEqual(390);
    expect(stranger.ms).toBeGreaterThanOrEqual(390);
    const [link, ...more] = await emailedLinks(owner.email, RESET_SUBJECT);
    expect(more).toEqual([]);
    expect(link).toMatch(/\/reset-password\/[\w-]{43}$/);
    // nothing is written, let alone sent, for the unknown address
    expect(await db.emailMessage.count({ where: { to: unknown } })).toBe(0);
    // only the token's hash is stored
    const stored = await db.userToken.findFirstOrThrow({ where: { userId: owner.user.id, kind: "password_reset" } });
    expect(stored.tokenHash).not.toContain(tokenOf(link!));
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("sets a new password once: the old password, the link and every session stop working", async () => {
    const owner = await createWorkspaceWithKey();
    const session = await signInFrom("127.0.0.32", { email: owner.email, password: owner.password });
    expect((await trpcCall(session.cookie, "me.account")).status).toBe(200);
    await trpcCall(null, "auth.requestPasswordReset", { email: owner.email }, "127.0.0.32");
    const token = tokenOf((await emailedLinks(owner.email, RESET_SUBJECT))[0]!);

    // a too-short password is refused on its field and spends nothing
    const short = await trpcCall(null, "auth.resetPassword", { token, newPassword: "short" });
    expect(short.status).toBe(422);
    expect(short.error?.issues.map((i) => i.path)).toEqual(["newPassword"]);

    // two submits racing: exactly one sets the password
    const answers = await Promise.all([
      trpcCall(null, "auth.resetPassword", { token, newPassword: NEW_PASSWORD }),
      trpcCall(null, "auth.resetPassword", { token, newPassword: "the other racer" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    const winner = answers.find((a) => a.status === 200) === answers[0] ? NEW_PASSWORD : "the other racer";

    const again = await trpcCall(null, "auth.resetPassword", { token, newPassword: "third try password" });
    expect(again.status).toBe(404);
    expect(again.error?.message).toBe("This reset link has expired or was already used; ask for a new one");
    expect(await signInFrom("127.0.0.32", { email: owner.email, password: owner.password })).toEqual({ cookie: null, error: "CredentialsSignin" });
    expect((await signInFrom("127.0.0.32", { email: owner.email, password: winner })).cookie).not.toBeNull();
    // the session opened with the old password is signed out
    expect((await trpcCall(session.cookie, "me.account")).status).toBe(401);
  });

  it("refuses a link past its hour, and the other link once one was used", async () => {
    const owner = await createWorkspaceWithKey();
    await trpcCall(null, "auth.requestPasswordReset", { email: owner.email }, "127.0.0.33");
    await trpcCall(null, "auth.requestPasswordReset", { email: owner.email }, "127.0.0.33");
    const [first, second] = (await emailedLinks(owner.email, RESET_SUBJECT, 2)).map(tokenOf);
    const expiry = await db.userToken.findMany({ where: { userId: owner.user.id }, select: { createdAt: true, expiresAt: true } });
    for (const t of expiry) expect(t.expiresAt.getTime() - t.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    for (const t of expiry) expect(t.expiresAt.getTime() - t.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);

    await db.userToken.updateMany({ where: { userId: owner.user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await trpcCall(null, "auth.resetPassword", { token: first!, newPassword: NEW_PASSWORD })).status).toBe(404);
    await db.userToken.updateMany({ where: { userId: owner.user.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    expect((await trpcCall(null, "auth.resetPassword", { token: first!, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect((await trpcCall(null, "auth.resetPassword", { token: second!, newPassword: "another password" })).status).toBe(404);
    expect((await trpcCall(null, "auth.resetPassword", { token: "not-a-token", newPassword: "another password" })).status).toBe(404);
  });

  it("limits requests per email (5 an hour) with the same refusal for known and unknown addresses", async () => {
    const owner = await createWorkspaceWithKey();
    const unknown = uniqueEmail("nobody");
    for (const email of [owner.email, unknown]) {
      for (let i = 0; i < 5; i++) expect((await trpcCall(null, "auth.requestPasswordReset", { email }, `127.0.0.${40 + i}`)).status).toBe(200);
      const refused = await trpcCall(null, "auth.requestPasswordReset", { email }, "127.0.0.46");
      expect(refused.status).toBe(429);
      expect(refused.error?.message).toMatch(/^Too many password reset requests; try again in \d+ minutes?$/);
    }
    expect(await emailedLinks(owner.email, RESET_SUBJECT, 5)).toHaveLength(5);
    expect(await db.emailMessage.count({ where: { to: owner.email } })).toBe(5);
  });
});
