import { signUpInput } from "../../domain/auth/auth.schema.ts";
import { signUp } from "../../domain/auth/sign-up.ts";
import { publicProcedure, router } from "../init.ts";

export const authRouter = router({
  signUp: publicProcedure.input(signUpInput).mutation(async ({ input }) => {
    const { user, workspace } = await signUp(input);
    return { userId: user.id, workspaceId: workspace.id };
  }),
});
