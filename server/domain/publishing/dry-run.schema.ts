// The answer of a dry run (POST …/validate, MCP validate_post): what each target would send.
import { z } from "zod";
import { providerSchema } from "../accounts/accounts.schema.ts";

export const sentTextSchema = z
  .object({
    field: z
      .string()
      .meta({ description: "The platform's name for the text: posts[i] (x, threads, linkedin), caption, message, title, description, firstComment" }),
    text: z.string().meta({ description: "The text as it will be sent (x: links removed from the first post)" }),
    length: z.number().int().meta({ description: "Its length as the platform counts it, in `unit`" }),
    limit: z.number().int().nullable().meta({ description: "The platform's limit for this text, in `unit`; null where none is documented" }),
    unit: z.enum(["weighted", "characters", "utf16", "graphemes"]).meta({
      description:
        "weighted: X's count (URLs 23, emoji 2); characters: Unicode code points (mastodon: as the instance counts, each URL 23); utf16: UTF-16 code units; graphemes: user-perceived characters (bluesky)",
    }),
  })
  .meta({ id: "SentText" });

export const dryRunTargetSchema = z
  .object({
    accountId: z.uuid(),
    provider: providerSchema,
    username: z.string(),
    texts: z.array(sentTextSchema),
    warnings: z
      .array(z.string())
      .meta({ description: "What is not sent as given (links removed for x, text a Story does not take, a thread on a single-post platform…)" }),
  })
  .meta({ id: "DryRunTarget" });

export const dryRunSchema = z
  .object({
    valid: z.literal(true),
    replay: z.boolean().meta({
      description:
        "true: this requestId was already used with this same body, so the real call would answer that earlier job or group and create nothing (targets is then empty)",
    }),
    targets: z.array(dryRunTargetSchema),
  })
  .meta({ id: "DryRunResult" });
export type DryRunResult = z.infer<typeof dryRunSchema>;
export type DryRunTarget = z.infer<typeof dryRunTargetSchema>;
