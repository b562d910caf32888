import { z } from "zod";
import { emailSchema, passwordSchema } from "../auth/auth.schema.ts";

const currentPassword = z.string().min(1, "Enter your current password").max(200);
/** A code from the authenticator app (6 digits) or a recovery code; spaces and dashes are ignored. */
export const secondFactorCode = z.string().trim().min(1, "Enter a code").max(40);

export const requestPasswordResetInput = z.object({ email: emailSchema });
export const resetPasswordInput = z.object({ token: z.string().max(200), newPassword: passwordSchema });
export const changePasswordInput = z.object({ currentPassword, newPassword: passwordSchema });
export const requestEmailChangeInput = z.object({ newEmail: emailSchema, currentPassword });
export const confirmEmailChangeInput = z.object({ token: z.string().max(200) });
export const sessionIdInput = z.object({ sessionId: z.string().max(100) });
export const revokeSessionsInput = z.object({ everywhere: z.boolean().default(false) });
export const confirmTwoFactorInput = z.object({ code: secondFactorCode });
/** Turning two-factor off takes a current code or the password. */
export const disableTwoFactorInput = z
  .object({ code: secondFactorCode.optional(), password: z.string().min(1).max(200).optional() })
  .refine((v) => v.code !== undefined || v.password !== undefined, { message: "Enter a code or your password", path: ["code"] });
