import { z } from "zod";
import { providerSchema } from "../../domain/accounts/accounts.schema.ts";
import { createConnectLinkBody } from "../../domain/connect-links/connect-links.schema.ts";
import { linkConnectableProviders } from "../../domain/connect-links/link-providers.ts";
import { createConnectLink, listConnectLinks, revokeConnectLink } from "../../domain/connect-links/manage-connect-links.ts";
import { startLinkConnect } from "../../domain/connect-links/open-connect-link.ts";
import { publicProcedure, router, workspaceProcedure } from "../init.ts";

export const connectLinksRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listConnectLinks(ctx.scope)),
  /** the platforms a link can offer on this installation (the form's checkboxes) */
  connectable: workspaceProcedure.query(() => linkConnectableProviders()),
  create: workspaceProcedure.input(createConnectLinkBody).mutation(({ ctx, input }) => createConnectLink(ctx.scope, input)),
  revoke: workspaceProcedure.input(z.object({ connectLinkId: z.uuid() })).mutation(({ ctx, input }) => revokeConnectLink(ctx.scope, input.connectLinkId)),
  /** the public link page (no sign-in): the token is the credential; answers where the browser goes to consent */
  start: publicProcedure
    .input(z.object({ token: z.string().max(100), provider: providerSchema, instance: z.string().max(300).optional(), handle: z.string().max(300).optional() }))
    .mutation(({ input }) => startLinkConnect(input.token, input.provider, { instance: input.instance, handle: input.handle })),
});
