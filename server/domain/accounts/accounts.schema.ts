import { z } from "zod";
import { providers } from "./providers.ts";

export const providerSchema = z.enum(providers).meta({ id: "Provider", description: "The platform of a connected account" });

export const capabilitiesSchema = z
  .object({
    readPosts: z.boolean(),
    publishPosts: z.boolean(),
    schedulePosts: z.boolean(),
    repostPosts: z.boolean(),
  })
  .meta({ id: "Capabilities", description: "A discovery aid; every write re-checks eligibility" });

export const accountSchema = z
  .object({
    accountId: z.uuid(),
    provider: providerSchema,
    username: z.string(),
    displayName: z.string(),
    capabilities: capabilitiesSchema,
    accountType: z.enum(["business", "creator", "unknown"]).optional().meta({ description: "Present for instagram accounts only" }),
  })
  .meta({ id: "Account", description: "A connected social account of the workspace" });

export const accountListSchema = z.object({ accounts: z.array(accountSchema) }).meta({ id: "AccountList" });
export type AccountView = z.infer<typeof accountSchema>;
