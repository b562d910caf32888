// Who is calling, for which workspace, and what they may do. Every domain function takes a
// Scope first and filters every query by scope.workspaceId. Only server/scope.ts creates one.
// Roles and permissions: docs/teams.md. Every door reaches the same assertCan, so the dashboard,
// REST, MCP and the CLI refuse alike (403 FORBIDDEN naming the permission).
import type { Plan, Role } from "../db.ts";
import { AppError } from "../errors.ts";
import type { KeyScope } from "./api-keys/key-scopes.ts";

/** `automation`: the system acting for a workspace's own automation (a feed), held to its approval setting as a member would be. */
export type Actor =
  | { kind: "apiKey"; apiKeyId: string; userId: string; scopes: readonly KeyScope[] }
  | { kind: "user"; userId: string }
  | { kind: "system"; automation?: "feed" };

export type Scope = {
  workspaceId: string;
  organizationId: string;
  plan: Plan;
  role: Role;
  actor: Actor;
};

export const PERMISSIONS = [
  /** write drafts, upload media, comment, and submit post groups for approval */
  "content.draft",
  /** publish, schedule, edit and cancel posts; the queue, imports, feeds, carousels, brands */
  "content.publish",
  /** approve or reject post groups waiting for approval; create client review links */
  "content.approve",
  /** connect, reconnect and disconnect accounts; client connect links */
  "accounts.manage",
  "webhooks.manage",
  "keys.manage",
  /** invite, remove and change the role of members */
  "members.manage",
  /** the workspace's name and settings (approvals, audit retention) */
  "settings.manage",
  "audit.read",
  /** the plan, creating and deleting workspaces */
  "workspace.own",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const editor: readonly Permission[] = ["content.draft", "content.publish", "content.approve"];
const admin: readonly Permission[] = [...editor, "accounts.manage", "webhooks.manage", "keys.manage", "members.manage", "settings.manage", "audit.read"];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  OWNER: PERMISSIONS,
  ADMIN: admin,
  EDITOR: editor,
  CONTRIBUTOR: ["content.draft"],
  VIEWER: [],
};

// A key is the workspace's, not a person's: its scopes (checked by every route and tool) bound
// it, and it never manages people, keys, settings or the plan. Approval needs posts:approve.
const keyPermissions: readonly Permission[] = ["content.draft", "content.publish", "accounts.manage", "webhooks.manage", "audit.read"];

export function can(scope: Scope, permission: Permission): boolean {
  if (scope.actor.kind === "system") return true;
  if (scope.actor.kind === "apiKey") {
    if (permission === "content.approve") return scope.actor.scopes.includes("posts:approve");
    return keyPermissions.includes(permission);
  }
  return rolePermissions[scope.role].includes(permission);
}

export function assertCan(scope: Scope, permission: Permission): void {
  if (can(scope, permission)) return;
  const who = scope.actor.kind === "apiKey" ? "An API key" : `Your role in this workspace (${scope.role.toLowerCase()})`;
  throw new AppError("FORBIDDEN", `${who} does not allow this: it needs the permission ${permission}`, {
    permission,
    role: scope.actor.kind === "apiKey" ? null : scope.role.toLowerCase(),
  });
}

/**
 * An API key may call an operation or tool only when it holds the scope that operation declares.
 * Users (dashboard) and the system (CLI) are bounded by their role instead.
 */
export function assertKeyScope(scope: Scope, needed: KeyScope): void {
  if (scope.actor.kind !== "apiKey" || scope.actor.scopes.includes(needed)) return;
  throw new AppError("FORBIDDEN", `This API key lacks the scope ${needed}; create a key with it in Settings → API keys`, {
    requiredScope: needed,
    keyScopes: scope.actor.scopes,
  });
}

/** The user behind the scope (the key's creator for API keys), or undefined for the system actor. */
export function actorUserId(scope: Scope): string | undefined {
  return scope.actor.kind === "system" ? undefined : scope.actor.userId;
}

/** What the caller may do here: the dashboard shows only these actions (the server checks anyway). */
export function permissionsOf(scope: Scope): Permission[] {
  return PERMISSIONS.filter((p) => can(scope, p));
}
