"use client";
// The one way a page asks what the signed-in member may do in the current workspace: the
// permissions of their role (server/domain/access.ts), from tRPC workspaces.list. Pages hide or
// disable what the role lacks (docs/teams.md); the server refuses it anyway (403 FORBIDDEN).
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc";
import type { Permission } from "@/server/domain/access";

/** Whether the role holds the permission; undefined until the workspace is known. */
export function usePermission(permission: Permission): boolean | undefined {
  const trpc = useTRPC();
  const workspaces = useQuery(trpc.workspaces.list.queryOptions());
  return workspaces.data ? workspaces.data.permissions.includes(permission) : undefined;
}

/** The role's name in words ("viewer"), for the note saying why a control is missing. */
export function useRoleName(): string | undefined {
  const trpc = useTRPC();
  return useQuery(trpc.workspaces.list.queryOptions()).data?.role.toLowerCase();
}
