// Helpers for adapter contract tests against the sandbox.
import { inject } from "vitest";
import type { ProviderName } from "../domain/accounts/providers.ts";
import type { SandboxPost } from "../sandbox/state.ts";

export { connect, contextFor, redirectUri } from "./sandbox-connect.ts";

export const sandboxUrl = () => inject("sandboxUrl");

export async function sandbox<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(sandboxUrl() + path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`sandbox ${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Injects one fault (see server/sandbox/control.ts). */
export function fault(
  provider: ProviderName,
  kind: string,
  extra: { operation?: string; username?: string; times?: number; retryAfterSeconds?: number; delaySeconds?: number } = {},
) {
  return sandbox("POST", "/_sandbox/faults", { provider, kind, ...extra });
}

export async function sandboxPosts(provider: ProviderName, username?: string) {
  const q = new URLSearchParams({ provider, ...(username ? { username } : {}) });
  return (await sandbox<{ posts: SandboxPost[] }>("GET", `/_sandbox/posts?${q}`)).posts;
}
