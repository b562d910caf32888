// Roles as people read them (lowercase, in the API and dashboard) and as the database stores them.
import type { Role } from "../../db.ts";
import type { RoleName } from "./members.schema.ts";

export const toRole = (name: RoleName): Role => name.toUpperCase() as Role;
export const roleName = (role: Role): RoleName => role.toLowerCase() as RoleName;

export const roleDescriptions: Record<RoleName, string> = {
  owner: "Everything, including the plan and deleting the workspace",
  admin: "Members, API keys, connected accounts, webhooks and settings, and all content",
  editor: "Compose, schedule, publish and approve posts",
  contributor: "Write drafts and submit posts for approval; cannot publish",
  viewer: "Read everything, change nothing",
};
