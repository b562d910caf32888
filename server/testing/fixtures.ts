// Test data made through the domain functions, as users would make it.
import crypto from "node:crypto";
import { inject } from "vitest";
import type { Plan } from "../db.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { signUp } from "../domain/auth/sign-up.ts";
import { setOrganizationPlan } from "../domain/organizations/set-plan.ts";
import { systemScope } from "../scope.ts";

export const uniqueEmail = (label = "user") => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** A user with an organization and workspace on `plan` (default Creator) and an API key. */
export async function createWorkspaceWithKey(opts: { plan?: Plan } = {}) {
  const email = uniqueEmail();
  const password = "password-" + crypto.randomUUID();
  const { user, workspace, organization } = await signUp({ email, password }, { plan: "CREATOR" });
  const { key, apiKey } = await createApiKey(await systemScope(workspace.id), { name: "test" });
  if (opts.plan && opts.plan !== "CREATOR") await setOrganizationPlan(organization.id, opts.plan);
  return { user, workspace, organization, email, password, key, apiKeyId: apiKey.id, scope: await systemScope(workspace.id) };
}

/** fetch against the running test app. */
export function api(key?: string) {
  const baseUrl = inject("baseUrl");
  return async (method: string, path: string, init: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (key) headers.Authorization = `Bearer ${key}`;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["Content-Type"] = "application/json";
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  };
}
