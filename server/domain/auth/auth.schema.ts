import { z } from "zod";

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: "Enter a valid email address" }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z.string().min(8, "Use at least 8 characters").max(200, "Use at most 200 characters");

export const signUpInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().max(100).optional(),
  workspaceName: z.string().trim().min(1).max(100).optional(),
});
export type SignUpInput = z.input<typeof signUpInput>;

export const signInInput = z.object({ email: emailSchema, password: z.string().min(1).max(200) });
