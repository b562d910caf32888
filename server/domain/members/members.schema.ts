import { z } from "zod";
import { emailSchema, passwordSchema } from "../auth/auth.schema.ts";

export const ROLE_NAMES = ["owner", "admin", "editor", "contributor", "viewer"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const roleNameSchema = z.enum(ROLE_NAMES);

export const inviteMemberInput = z.object({ email: emailSchema, role: roleNameSchema });
export type InviteMemberInput = z.input<typeof inviteMemberInput>;

export const invitationIdInput = z.object({ invitationId: z.uuid() });
export const changeRoleInput = z.object({ userId: z.uuid(), role: roleNameSchema });
export const removeMemberInput = z.object({ userId: z.uuid() });

export const invitationTokenInput = z.object({ token: z.string().min(20).max(200) });
/** accepting: an existing user gives their password; a new one also a name */
export const acceptInvitationInput = invitationTokenInput.extend({ password: passwordSchema, name: z.string().trim().max(100).optional() });
