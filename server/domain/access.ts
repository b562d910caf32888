// Who is calling, for which workspace, and what they may do. Every domain function takes a
// Scope first and filters every query by scope.workspaceId. Only server/scope.ts creates one.
import type { Plan, Role } from "../db.ts";
import { AppError } from "../errors.ts";
import type { KeyScope } from "./api-keys/key-scopes.ts";

export type Actor = { kind: "apiKey"; apiKeyId: string; userId: string; scopes: readonly KeyScope[] } | { kind: "user"; userId: string } | { kind: "system" };

export type Scope = {
  workspaceId: string;
  organizationId: string;
  plan: Plan;
  role: Role;
  actor: Actor;
};

export type Permission = "content" | "manageKeys" | "manageWorkspace";

const rolePermissions: Record<Role, readonly Permission[]> = {
  OWNER: ["content", "manageKeys", "manageWorkspace"],
  ADMIN: ["content", "manageKeys", "manageWorkspace"],
  MEMBER: ["content"],
};

export function can(scope: Scope, permission: Permission): boolean {
  // A key acts in its workspace's content; it cannot manage keys or the workspace.
  if (scope.actor.kind === "apiKey") return permission === "content";
  return rolePermissions[scope.role].includes(permission);
}

export function assertCan(scope: Scope, permission: Permission): void {
  if (!can(scope, permission)) throw new AppError("FORBIDDEN", `Your role in this workspace does not allow this (${permission})`);
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
