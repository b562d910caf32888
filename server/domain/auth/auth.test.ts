import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { uniqueEmail } from "../../testing/fixtures.ts";
import { signUp } from "./sign-up.ts";
import { verifyCredentials } from "./verify-credentials.ts";

describe("signUp", () => {
  it("creates the user, an organization on the plan, a default workspace they own, and the plan's credits", async () => {
    const email = uniqueEmail("Mixed.Case");
    const { user, organization, workspace } = await signUp({ email: `  ${email.toUpperCase()} `, password: "long enough" }, { plan: "CREATOR" });
    expect(user.email).toBe(email.toLowerCase());
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(organization.plan).toBe("CREATOR");
    expect(organization.carouselCredits).toBe(50);
    const membership = await db.membership.findUniqueOrThrow({ where: { workspaceId_userId: { workspaceId: workspace.id, userId: user.id } } });
    expect(membership.role).toBe("OWNER");
    const ledger = await db.creditLedgerEntry.findMany({ where: { organizationId: organization.id } });
    expect(ledger).toEqual([expect.objectContaining({ delta: 50, balanceAfter: 50, reason: "PLAN_GRANT" })]);
  });

  it("refuses a second account for the same email, in any case, and leaves nothing behind", async () => {
    const email = uniqueEmail();
    await signUp({ email, password: "long enough" });
    const orgsBefore = await db.organization.count();
    await expect(signUp({ email: email.toUpperCase(), password: "another one" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db.organization.count()).toBe(orgsBefore);
  });

  it("rejects invalid emails and short passwords with field paths", async () => {
    const err = await signUp({ email: "nope", password: "short" }).catch((e) => e);
    expect(err.name).toBe("ZodError");
    expect(err.issues.map((i: { path: string[] }) => i.path.join("."))).toEqual(["email", "password"]);
  });
});

describe("verifyCredentials", () => {
  it("accepts the right password and refuses a wrong one or an unknown email", async () => {
    const email = uniqueEmail();
    const address = "192.0.2.1";
    const { user } = await signUp({ email, password: "right password" });
    expect((await verifyCredentials({ email, password: "right password", address }))?.id).toBe(user.id);
    expect(await verifyCredentials({ email, password: "wrong password", address })).toBeNull();
    expect(await verifyCredentials({ email: uniqueEmail(), password: "right password", address })).toBeNull();
  });
});

it("AppError carries the status of the one table", () => {
  expect(new AppError("PLAN_REQUIRED").status).toBe(403);
});
