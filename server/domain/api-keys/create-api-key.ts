import { db } from "../../db.ts";
import { AppError, fieldError } from "../../errors.ts";
import { actorUserId, assertCan, type Scope } from "../access.ts";
import { assertApiAccess } from "../plans.ts";
import { createApiKeyInput, type CreateApiKeyInput } from "./api-keys.schema.ts";
import { generateApiKey } from "./key-format.ts";
import { normalizeKeyScopes } from "./key-scopes.ts";
import { presentApiKey } from "./present-api-key.ts";

/** Creates a key in the scope's workspace. The full key is returned here and never again. */
export async function createApiKey(scope: Scope, raw: CreateApiKeyInput) {
  assertCan(scope, "keys.manage");
  assertApiAccess(scope.plan);
  const input = createApiKeyInput.parse(raw);
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw fieldError("expiresAt", "must be in the future");
  const createdById = actorUserId(scope) ?? (await workspaceOwnerId(scope.workspaceId));
  const generated = generateApiKey();
  const record = await db.apiKey.create({
    data: {
      workspaceId: scope.workspaceId,
      createdById,
      name: input.name,
      hash: generated.hash,
      prefix: generated.prefix,
      last4: generated.last4,
      expiresAt: input.expiresAt ?? null,
      scopes: normalizeKeyScopes(input.scopes),
    },
  });
  return { key: generated.key, apiKey: presentApiKey(record) };
}

async function workspaceOwnerId(workspaceId: string): Promise<string> {
  const owner = await db.membership.findFirst({
    where: { workspaceId, role: "OWNER" },
    orderBy: { createdAt: "asc" },
  });
  if (!owner) throw new AppError("CONFLICT", "The workspace has no owner to create the key for");
  return owner.userId;
}
