import { z } from "zod";
import { errorCodes } from "../errors.ts";

export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes).meta({ description: "Stable machine-readable code" }),
      message: z.string().meta({ description: "Human-readable explanation" }),
      details: z.unknown().optional().meta({
        description: "Structured context. For VALIDATION_ERROR: `{ issues: [{ path, message, code, location }] }` naming every invalid field.",
      }),
    }),
  })
  .meta({ id: "Error", description: "The envelope of every non-2xx answer" });
