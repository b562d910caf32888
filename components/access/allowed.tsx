"use client";
// Children shown only to a role holding the permission (use-permission.ts): for pages rendered on
// the server that place a write form beside what everyone reads.
import type { Permission } from "@/server/domain/access";
import { usePermission } from "./use-permission";

export function Allowed({ permission, children }: { permission: Permission; children: React.ReactNode }) {
  return usePermission(permission) ? children : null;
}
