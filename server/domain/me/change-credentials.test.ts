// Change password and change email from the account page, over the dashboard's tRPC door.
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { EMAIL_CHANGE_SUBJECT, emailedLinks, signInFrom, tokenOf, trpcCall } from "../../testing/account-security-fixtures.ts";
import { createWorkspaceWithKey, uniqueEmail } from "../../testing/fixtures.ts";

describe("change password", () => {
  it("needs the current password (throttled like sign-in) and signs out the other sessions only", async () => {
    const owner = await createWorkspaceWithKey();
    const from = "127.0.0.81";
    const here = await signInFrom(from, { email: owner.email, password: owner.password });
    const there = await signInFrom("127.0.0.82", { email: owner.email, password: owner.password });
    const wrong = await trpcCall(here.cookie, "me.changePassword", { currentPassword: "not it", newPassword: "new password 1" }, from);
    expect(wrong.status).toBe(422);
    expect(wrong.error?.issues.map((i) => i.path)).toEqual(["currentPassword"]);
    const changed = await trpcCall(here.cookie, "me.changePassword", { currentPassword: owner.password, newPassword: "new password 1" }, from);
    expect(changed.data).toEqual({ signedOut: 1 });
    expect((await trpcCall(here.cookie, "me.account")).status).toBe(200);
    expect((await trpcCall(there.cookie, "me.account")).status).toBe(401);
    expect((await signInFrom(from, { email: owner.email, password: owner.password })).error).toBe("CredentialsSignin");
    expect((await signInFrom(from, { email: owner.email, password: "new password 1" })).error).toBeNull();

    // ten wrong current passwords from an address: the right one is refused too, with the throttle's words
    for (let i = 0; i < 10; i++)
      expect((await trpcCall(here.cookie, "me.changePassword", { currentPassword: `guess ${i}`, newPassword: "new password 2" }, "127.0.0.83")).status).toBe(
        422,
      );
    const limited = await trpcCall(here.cookie, "me.changePassword", { currentPassword: "new password 1", newPassword: "new password 2" }, "127.0.0.83");
    expect(limited.status).toBe(429);
    expect(limited.error?.message).toMatch(/^Too many sign-in attempts/);
  });
});

describe("change email", () => {
  it("keeps the old email until the link sent to the new address is used, once", async () => {
    const owner = await createWorkspaceWithKey();
    const session = await signInFrom("127.0.0.84", { email: owner.email, password: owner.password });
    const newEmail = uniqueEmail("moved");
    expect((await trpcCall(session.cookie, "me.requestEmailChange", { newEmail, currentPassword: "wrong" })).status).toBe(422);
    const asked = await trpcCall(session.cookie, "me.requestEmailChange", { newEmail: newEmail.toUpperCase(), currentPassword: owner.password });
    expect(asked.data).toEqual({ sentTo: newEmail });
    const [link] = await emailedLinks(newEmail, EMAIL_CHANGE_SUBJECT);
    // the old address gets no link
    expect(await db.emailMessage.count({ where: { to: owner.email } })).toBe(0);
    expect(link).toMatch(/\/confirm-email\/[\w-]{43}$/);
    const stored = await db.userToken.findFirstOrThrow({ where: { userId: owner.user.id, kind: "email_change" } });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(23.9 * 3_600_000);
    // until confirmed: the old email signs in, the new one does not
    expect((await trpcCall(session.cookie, "me.account")).data.email).toBe(owner.email);
    expect((await signInFrom("127.0.0.84", { email: newEmail, password: owner.password })).error).toBe("CredentialsSignin");

    const confirmed = await trpcCall(null, "auth.confirmEmailChange", { token: tokenOf(link!) });
    expect(confirmed.data).toEqual({ email: newEmail });
    expect((await trpcCall(null, "auth.confirmEmailChange", { token: tokenOf(link!) })).status).toBe(404);
    expect((await trpcCall(session.cookie, "me.account")).data.email).toBe(newEmail);
    expect((await signInFrom("127.0.0.84", { email: newEmail, password: owner.password })).error).toBeNull();
  });

  it("refuses an address another account has, and one taken between the request and the confirmation", async () => {
    const owner = await createWorkspaceWithKey();
    const other = await createWorkspaceWithKey();
    const session = await signInFrom("127.0.0.85", { email: owner.email, password: owner.password });
    const taken = await trpcCall(session.cookie, "me.requestEmailChange", { newEmail: other.email, currentPassword: owner.password });
    expect(taken.status).toBe(422);
    expect(taken.error?.issues.map((i) => i.path)).toEqual(["newEmail"]);

    const newEmail = uniqueEmail("contested");
    await trpcCall(session.cookie, "me.requestEmailChange", { newEmail, currentPassword: owner.password });
    await db.user.update({ where: { id: other.user.id }, data: { email: newEmail } });
    const [link] = await emailedLinks(newEmail, EMAIL_CHANGE_SUBJECT);
    const refused = await trpcCall(null, "auth.confirmEmailChange", { token: tokenOf(link!) });
    expect(refused.status).toBe(409);
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.user.id } })).email).toBe(owner.email);
  });
});
