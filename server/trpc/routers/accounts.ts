import { z } from "zod";
import { startConnect } from "../../domain/accounts/connect-account.ts";
import { connectWithAppPassword } from "../../domain/accounts/connect-password.ts";
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
        // Bluesky (Sign in with Bluesky): a handle, DID or server address
        handle: z.string().max(500).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => ({ authorizeUrl: (await startConnect(ctx.scope, { ...input, returnTo: "/accounts" })).authorizeUrl })),
  /** providers connected with an app password (Bluesky): signs in at once and answers the account */
  connectWithPassword: workspaceProcedure
    .input(z.object({ provider: providerSchema, identifier: z.string().max(320), appPassword: z.string().max(200), server: z.string().max(2048).optional() }))
    .mutation(({ ctx, input }) => connectWithAppPassword(ctx.scope, input)),
  disconnect: workspaceProcedure.input(z.object({ accountId: z.uuid() })).mutation(({ ctx, input }) => disconnectAccount(ctx.scope, input.accountId)),
});
