// Signed-in sessions over the real next-auth sign-in and tRPC door: each sign-in is a row, a
// revoked row's cookie is refused on the next call, and a JWT without a session row never passes.
import { encode } from "next-auth/jwt";
import { describe, expect, inject, it } from "vitest";
import { db } from "../db.ts";
import { env } from "../env.ts";
import { signInFrom, trpcCall } from "../testing/account-security-fixtures.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";

describe("sessions", () => {
  it("are listed with device, address and times; one signed out from another is refused on its next tRPC call", async () => {
    const owner = await createWorkspaceWithKey();
    const laptop = await signInFrom("127.0.0.51", { email: owner.email, password: owner.password }, "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0");
    const phone = await signInFrom("127.0.0.52", { email: owner.email, password: owner.password }, "Mozilla/5.0 (iPhone) Safari/605.1");
    const listed = await trpcCall(laptop.cookie, "me.sessions");
    expect(listed.status).toBe(200);
    expect(listed.data).toHaveLength(2);
    const mine = listed.data.find((s: { current: boolean }) => s.current);
    const other = listed.data.find((s: { current: boolean }) => !s.current);
    expect(mine).toMatchObject({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0", address: "127.0.0.51" });
    expect(other).toMatchObject({ userAgent: "Mozilla/5.0 (iPhone) Safari/605.1", address: "127.0.0.52" });
    const row = await db.userSession.findUniqueOrThrow({ where: { id: mine.id } });
    // 30 days (expiresAt is set by the server, createdAt by the database a moment later)
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 30 * 24 * 3600 * 1000)).toBeLessThan(5000);

    expect((await trpcCall(phone.cookie, "me.account")).status).toBe(200);
    expect((await trpcCall(laptop.cookie, "me.revokeSession", { sessionId: other.id })).data).toEqual({ current: false });
    const refused = await trpcCall(phone.cookie, "me.account");
    expect(refused.status).toBe(401);
    // the workspace's own procedures refuse it too, and the laptop goes on
    expect((await trpcCall(phone.cookie, "workspaces.list")).status).toBe(401);
    expect((await trpcCall(laptop.cookie, "workspaces.list")).status).toBe(200);
    // someone else's session (or an unknown id) is not found, and stays live
    const stranger = await createWorkspaceWithKey();
    const theirs = await signInFrom("127.0.0.53", { email: stranger.email, password: stranger.password });
    const theirId = (await trpcCall(theirs.cookie, "me.sessions")).data[0].id;
    expect((await trpcCall(laptop.cookie, "me.revokeSession", { sessionId: theirId })).status).toBe(404);
    expect((await trpcCall(laptop.cookie, "me.revokeSession", { sessionId: "nope" })).status).toBe(404);
    expect((await trpcCall(theirs.cookie, "me.account")).status).toBe(200);
  });

  it("sign out everywhere else keeps this one; everywhere ends it too; next-auth's sign-out ends its row", async () => {
    const owner = await createWorkspaceWithKey();
    const [a, b, c] = await Promise.all(
      ["127.0.0.54", "127.0.0.55", "127.0.0.56"].map((from) => signInFrom(from, { email: owner.email, password: owner.password })),
    );
    expect((await trpcCall(a!.cookie, "me.revokeSessions", { everywhere: false })).data).toEqual({ signedOut: 2 });
    expect((await trpcCall(a!.cookie, "me.account")).status).toBe(200);
    expect((await trpcCall(b!.cookie, "me.account")).status).toBe(401);
    expect((await trpcCall(c!.cookie, "me.account")).status).toBe(401);
    expect((await trpcCall(a!.cookie, "me.revokeSessions", { everywhere: true })).data).toEqual({ signedOut: 1 });
    expect((await trpcCall(a!.cookie, "me.account")).status).toBe(401);

    // next-auth's own sign-out (the shell's "Sign out") revokes the row, so a copied cookie is dead
    const d = await signInFrom("127.0.0.57", { email: owner.email, password: owner.password });
    const base = inject("baseUrl");
    const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { Cookie: d.cookie! } });
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((x) => x.split(";")[0])
      .join("; ");
    await fetch(`${base}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `${d.cookie}; ${csrfCookie}` },
      body: new URLSearchParams({ csrfToken: ((await csrf.json()) as { csrfToken: string }).csrfToken, json: "true" }),
    });
    expect((await trpcCall(d.cookie, "me.account")).status).toBe(401);
  });

  it("refuse a validly signed JWT without a session id (issued before sessions were stored), and one whose row expired", async () => {
    const owner = await createWorkspaceWithKey();
    const legacy = await encode({ token: { sub: owner.user.id, email: owner.email }, secret: env().authSecret });
    expect((await trpcCall(`next-auth.session-token=${legacy}`, "me.account")).status).toBe(401);

    const session = await signInFrom("127.0.0.58", { email: owner.email, password: owner.password });
    expect((await trpcCall(session.cookie, "me.account")).status).toBe(200);
    await db.userSession.updateMany({ where: { userId: owner.user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await trpcCall(session.cookie, "me.account")).status).toBe(401);
  });

  it("move lastSeenAt at most once a minute", async () => {
    const owner = await createWorkspaceWithKey();
    const session = await signInFrom("127.0.0.59", { email: owner.email, password: owner.password });
    const [row] = await db.userSession.findMany({ where: { userId: owner.user.id } });
    await trpcCall(session.cookie, "me.account");
    expect((await db.userSession.findUniqueOrThrow({ where: { id: row!.id } })).lastSeenAt).toEqual(row!.lastSeenAt);
    const earlier = new Date(Date.now() - 61_000);
    await db.userSession.update({ where: { id: row!.id }, data: { lastSeenAt: earlier } });
    await trpcCall(session.cookie, "me.account");
    expect((await db.userSession.findUniqueOrThrow({ where: { id: row!.id } })).lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});
