// What an API key may do: one scope per area and direction. Every REST operation and every MCP
// tool names the one scope it needs (server/http/operations, server/mcp/tools); a key holds a
// set of them, all by default.
import { z } from "zod";

export const KEY_SCOPES = [
  "accounts:read",
  "accounts:write",
  "media:read",
  "media:write",
  "posts:read",
  "posts:write",
  "posts:approve",
  "carousels:read",
  "carousels:write",
  "webhooks:read",
  "webhooks:write",
  "audit:read",
] as const;

export type KeyScope = (typeof KEY_SCOPES)[number];

export const keyScopeSchema = z.enum(KEY_SCOPES);

export const keyScopeDescriptions: Record<KeyScope, string> = {
  "accounts:read": "List the workspace and its connected accounts",
  "accounts:write": "Create and revoke client connect links",
  "media:read": "List media and read media imports",
  "media:write": "Upload, confirm and import media",
  "posts:read": "Read posts, scheduled posts, publish jobs and post groups; check requests without publishing (dry runs)",
  "posts:write": "Publish, schedule, cancel, repost and create post groups",
  "posts:approve": "Approve or reject post groups waiting for approval; a key without it creates them waiting when the workspace requires approval",
  "carousels:read": "Read carousels and carousel options",
  "carousels:write": "Generate carousels (spends credits)",
  "webhooks:read": "List webhooks and their deliveries",
  "webhooks:write": "Create, change, test and delete webhooks, redeliver events",
  "audit:read": "Read the workspace's audit log",
};

/** A set of scopes in the canonical order, each once. */
export function normalizeKeyScopes(scopes: readonly string[]): KeyScope[] {
  return KEY_SCOPES.filter((s) => scopes.includes(s));
}

/** A key's stored scopes (a database CHECK keeps them known and non-empty). */
export const storedKeyScopes = (scopes: readonly string[]): KeyScope[] => normalizeKeyScopes(scopes);
