"use client";
// Where a page hides its write controls from a role without the permission: one short line saying
// why, instead of buttons the server would refuse. Shown only once the role is known.
import type { Permission } from "@/server/domain/access";
import { usePermission, useRoleName } from "./use-permission";

const needs: Partial<Record<Permission, string>> = {
  "content.draft": "write posts",
  "content.publish": "publish, schedule or change posts",
  "accounts.manage": "connect or disconnect accounts",
  "webhooks.manage": "manage webhooks",
  "keys.manage": "manage API keys",
  "settings.manage": "change settings",
};

export function ReadOnlyNote({ permission, children }: { permission: Permission; children?: React.ReactNode }) {
  const allowed = usePermission(permission);
  const role = useRoleName();
  if (allowed !== false) return null;
  return (
    <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200" data-testid="read-only-note">
      {children ??
        (role === "viewer"
          ? "Viewers can read this workspace but not change it."
          : `Your role (${role}) cannot ${needs[permission] ?? "change this"}; an admin or owner can change your role.`)}
    </p>
  );
}
