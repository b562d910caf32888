import { signUpInput } from "../../domain/auth/auth.schema.ts";
import { signUp } from "../../domain/auth/sign-up.ts";
import { confirmEmailChange } from "../../domain/me/change-email.ts";
import { confirmEmailChangeInput, requestPasswordResetInput, resetPasswordInput } from "../../domain/me/me.schema.ts";
import { requestPasswordReset, resetPassword } from "../../domain/me/password-reset.ts";
import { publicProcedure, router } from "../init.ts";

// The signed-out doors: sign-up, "forgot password?" and the emailed links' pages.
export const authRouter = router({
  signUp: publicProcedure.input(signUpInput).mutation(async ({ input }) => {
    const { user, workspace } = await signUp(input);
    return { userId: user.id, workspaceId: workspace.id };
  }),
  requestPasswordReset: publicProcedure.input(requestPasswordResetInput).mutation(({ ctx, input }) => requestPasswordReset(input, ctx.address)),
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ input }) => {
    await resetPassword(input);
    return { reset: true };
  }),
  confirmEmailChange: publicProcedure.input(confirmEmailChangeInput).mutation(({ input }) => confirmEmailChange(input)),
});
