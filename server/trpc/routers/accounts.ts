import { z } from "zod";
import { startConnect } from "../../domain/accounts/connect-account.ts";
import { listDashboardAccounts } from "../../domain/accounts/list-dashboard-accounts.ts";
import { disconnectAccount } from "../../domain/accounts/manage-accounts.ts";
import { providerSchema } from "../../domain/accounts/accounts.schema.ts";
import { router, workspaceProcedure } from "../init.ts";

export const accountsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listDashboardAccounts(ctx.scope)),
  /** where the browser goes to grant access (the platform's authorize URL) */
  connect: workspaceProcedure
    .input(
      z.object({
        provider: providerSchema,
        app: z.enum(["business", "login-kit"]).optional(),
        accountId: z.uuid().optional(),
        // Mastodon: the instance's address as the user typed it
        instance: z.string().max(500).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => ({ authorizeUrl: (await startConnect(ctx.scope, { ...input, returnTo: "/accounts" })).authorizeUrl })),
  disconnect: workspaceProcedure.input(z.object({ accountId: z.uuid() })).mutation(({ ctx, input }) => disconnectAccount(ctx.scope, input.accountId)),
});
