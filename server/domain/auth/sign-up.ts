// Sign-up: a user, their organization and a default workspace, all or nothing.
import { db, Prisma, type Plan } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { env } from "../../env.ts";
import { createOrganizationWithWorkspace } from "../organizations/create-organization.ts";
import { signUpInput, type SignUpInput } from "./auth.schema.ts";
import { hashPassword } from "./password.ts";

export async function signUp(raw: SignUpInput, opts: { plan?: Plan } = {}) {
  const input = signUpInput.parse(raw);
  const passwordHash = await hashPassword(input.password);
  const plan = opts.plan ?? env().signupPlan;
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email: input.email, name: input.name, passwordHash } });
      const label = input.name || input.email.split("@")[0]!;
      const { organization, workspace } = await createOrganizationWithWorkspace(tx, {
        userId: user.id,
        organizationName: `${label}'s organization`,
        workspaceName: input.workspaceName ?? "My workspace",
        plan,
      });
      return { user, organization, workspace };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new AppError("CONFLICT", "An account with this email already exists", { issues: [{ path: "email", message: "already registered" }] });
    }
    throw err;
  }
}
