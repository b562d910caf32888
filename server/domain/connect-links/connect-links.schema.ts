// Client connect links as the API takes and shows them.
import { z } from "zod";
import { providerSchema } from "../accounts/accounts.schema.ts";

export const MAX_CONNECT_LINK_USES = 100;
export const MAX_CONNECT_LINK_DAYS = 90;
export const DEFAULT_CONNECT_LINK_DAYS = 7;

export const createConnectLinkBody = z
  .strictObject({
    providers: z
      .array(providerSchema)
      .min(1)
      .max(20)
      .optional()
      .meta({ description: "The platforms the person may choose from; omitted: every platform this installation connects through a link" }),
    expiresAt: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({
        description: `When the link stops working: in the future, at most ${MAX_CONNECT_LINK_DAYS} days ahead; omitted: ${DEFAULT_CONNECT_LINK_DAYS} days`,
      }),
    maxUses: z
      .number()
      .int()
      .min(1)
      .max(MAX_CONNECT_LINK_USES)
      .optional()
      .meta({ description: "How many connections the link allows (each completed connection is one use); omitted: 1" }),
  })
  .meta({ id: "CreateConnectLinkRequest" });
export type CreateConnectLinkBody = z.output<typeof createConnectLinkBody>;

export const connectLinkStatusSchema = z
  .enum(["active", "used", "expired", "revoked"])
  .meta({ description: "active: it can be used; used: every use taken; expired or revoked: it no longer opens" });

export const connectLinkSchema = z
  .object({
    connectLinkId: z.uuid(),
    providers: z.array(providerSchema),
    expiresAt: z.iso.datetime({ offset: true }),
    maxUses: z.number().int(),
    uses: z.number().int().meta({ description: "Connections completed through the link" }),
    status: connectLinkStatusSchema,
    createdBy: z.string().meta({ description: "Who created it: a member's email, or an API key's name and prefix" }),
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ConnectLink" });
export type ConnectLinkView = z.infer<typeof connectLinkSchema>;

export const connectLinkWithUrlSchema = connectLinkSchema
  .extend({ url: z.string().meta({ description: "The link to send to the person: shown only here (only its hash is kept)" }) })
  .meta({ id: "ConnectLinkWithUrl" });

export const connectLinkListSchema = z.object({ connectLinks: z.array(connectLinkSchema) }).meta({ id: "ConnectLinkList" });

export const connectLinkParams = z.strictObject({ id: z.uuid() });
