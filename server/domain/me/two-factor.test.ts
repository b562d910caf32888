// Two-factor sign-in through next-auth's real credentials endpoint: turned on with a code from
// otpauth, then the password alone is answered "code required", a right code signs in once, a
// wrong one is refused and counted by the sign-in throttle, and a recovery code works once.
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { decryptToken } from "../accounts/token-cipher.ts";
import { signInFrom, trpcCall } from "../../testing/account-security-fixtures.ts";
import { createWorkspaceWithKey } from "../../testing/fixtures.ts";

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** A user with two-factor on, turned on over tRPC as the account page does; answers the secret and recovery codes. */
async function withTwoFactor(from: string) {
  const owner = await createWorkspaceWithKey();
  const { cookie } = await signInFrom(from, { email: owner.email, password: owner.password });
  const started = await trpcCall(cookie, "me.startTwoFactor", {}, from);
  expect(started.status).toBe(200);
  expect(started.data.uri).toMatch(/^otpauth:\/\/totp\/Posteady:.+\?.*secret=/);
  expect(started.data.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
  const wrong = await trpcCall(cookie, "me.confirmTwoFactor", { code: codeAt(started.data.secret, 5) }, from);
  expect(wrong.status).toBe(422);
  expect(wrong.error?.issues.map((i) => i.path)).toEqual(["code"]);
  const confirmed = await trpcCall(cookie, "me.confirmTwoFactor", { code: codeAt(started.data.secret) }, from);
  expect(confirmed.status).toBe(200);
  return { ...owner, cookie, secret: started.data.secret as string, recoveryCodes: confirmed.data.recoveryCodes as string[] };
}

describe("two-factor sign-in", () => {
  it("stores the secret sealed and the recovery codes hashed; shows the codes once", async () => {
    const u = await withTwoFactor("127.0.0.61");
    expect(u.recoveryCodes).toHaveLength(10);
    expect(new Set(u.recoveryCodes).size).toBe(10);
    const row = await db.user.findUniqueOrThrow({ where: { id: u.user.id } });
    expect(row.totpSecretEnc).not.toContain(u.secret);
    expect(decryptToken(row.totpSecretEnc!)).toBe(u.secret);
    const stored = await db.recoveryCode.findMany({ where: { userId: u.user.id } });
    expect(stored).toHaveLength(10);
    for (const code of u.recoveryCodes) expect(stored.some((s) => s.codeHash.includes(code.replace("-", "")))).toBe(false);
    expect((await trpcCall(u.cookie, "me.account")).data.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // a second start is refused while it is on
    expect((await trpcCall(u.cookie, "me.startTwoFactor", {})).status).toBe(409);
  });

  it("asks for the code after the password; a right code signs in once, a wrong one is refused", async () => {
    const u = await withTwoFactor("127.0.0.62");
    const from = "127.0.0.63";
    expect(await signInFrom(from, { email: u.email, password: u.password })).toEqual({ cookie: null, error: "TwoFactorRequired" });
    // the code never helps a wrong password
    expect(await signInFrom(from, { email: u.email, password: "wrong password", code: codeAt(u.secret, 1) })).toEqual({
      cookie: null,
      error: "CredentialsSignin",
    });
    expect(await signInFrom(from, { email: u.email, password: u.password, code: "000000" === codeAt(u.secret, 1) ? "111111" : "000000" })).toEqual({
      cookie: null,
      error: "TwoFactorInvalid",
    });
    // the next step's code (the current one was spent turning it on): accepted once
    const code = codeAt(u.secret, 1);
    const signedIn = await signInFrom(from, { email: u.email, password: u.password, code });
    expect(signedIn.error).toBeNull();
    expect((await trpcCall(signedIn.cookie, "me.account")).status).toBe(200);
    expect(await signInFrom(from, { email: u.email, password: u.password, code })).toEqual({ cookie: null, error: "TwoFactorInvalid" });
  });

  it("takes each recovery code once, also when two sign-ins race with it", async () => {
    const u = await withTwoFactor("127.0.0.64");
    const from = "127.0.0.65";
    const [first, second] = u.recoveryCodes;
    const raced = await Promise.all([
      signInFrom(from, { email: u.email, password: u.password, code: first! }),
      signInFrom(from, { email: u.email, password: u.password, code: first!.toUpperCase() }),
    ]);
    expect(raced.map((r) => r.error).sort((a, b) => String(a).localeCompare(String(b)))).toEqual([null, "TwoFactorInvalid"]);
    expect(await signInFrom(from, { email: u.email, password: u.password, code: first! })).toEqual({ cookie: null, error: "TwoFactorInvalid" });
    expect((await signInFrom(from, { email: u.email, password: u.password, code: ` ${second!.replace("-", " ")} ` })).error).toBeNull();
    expect((await trpcCall(u.cookie, "me.account")).data.twoFactor.recoveryCodesLeft).toBe(8);
  });

  it("counts wrong codes in the sign-in throttle: after 10, even the right code is refused from that address", async () => {
    const u = await withTwoFactor("127.0.0.66");
    const from = "127.0.0.67";
    const wrong = codeAt(u.secret, -20);
    for (let i = 0; i < 10; i++) expect((await signInFrom(from, { email: u.email, password: u.password, code: wrong })).error).toBe("TwoFactorInvalid");
    const refused = await signInFrom(from, { email: u.email, password: u.password, code: codeAt(u.secret, 1) });
    expect(refused.cookie).toBeNull();
    expect(refused.error).toMatch(/^Too many sign-in attempts; try again in 1[45] minutes$/);
    expect((await signInFrom("127.0.0.68", { email: u.email, password: u.password, code: codeAt(u.secret, 1) })).error).toBeNull();
  });

  it("turns off with a current code or the password, not with a wrong one; sign-in then needs the password only", async () => {
    const u = await withTwoFactor("127.0.0.69");
    expect((await trpcCall(u.cookie, "me.disableTwoFactor", { password: "wrong password" })).error?.issues.map((i) => i.path)).toEqual(["password"]);
    expect((await trpcCall(u.cookie, "me.disableTwoFactor", { code: "12345" })).status).toBe(422);
    expect((await trpcCall(u.cookie, "me.disableTwoFactor", {})).status).toBe(422);
    expect((await trpcCall(u.cookie, "me.disableTwoFactor", { code: codeAt(u.secret, 1) })).data).toEqual({ enabled: false });
    const row = await db.user.findUniqueOrThrow({ where: { id: u.user.id } });
    expect([row.totpSecretEnc, row.totpEnabledAt]).toEqual([null, null]);
    expect(await db.recoveryCode.count({ where: { userId: u.user.id } })).toBe(0);
    expect((await signInFrom("127.0.0.70", { email: u.email, password: u.password })).error).toBeNull();
  });
});
