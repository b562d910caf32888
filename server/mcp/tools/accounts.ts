import { z } from "zod";
import { accountListSchema } from "../../domain/accounts/accounts.schema.ts";
import { listAccounts } from "../../domain/accounts/list-accounts.ts";
import { listScopeWorkspaces } from "../../domain/workspaces/list-workspaces.ts";
import { workspaceListSchema } from "../../domain/workspaces/workspaces.schema.ts";
import { defineTool } from "../tool.ts";

export const listAccountsTool = defineTool({
  name: "list_accounts",
  title: "List connected accounts",
  scope: "accounts:read",
  description:
    "Connected social accounts of the workspace: accountId, provider (threads, x, linkedin, tiktok, instagram, youtube, facebook), username and capabilities (readPosts, publishPosts, schedulePosts, repostPosts). Use an accountId with publish_post, schedule_post or list_posts. TikTok accounts connected through login-kit are not listed. Capabilities are a guide: every write re-checks them.",
  // GET /api/v1/accounts takes no input
  input: z.strictObject({}),
  output: accountListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope) => listAccounts(scope),
});

export const listWorkspacesTool = defineTool({
  name: "list_workspaces",
  title: "List workspaces",
  scope: "accounts:read",
  description: "The workspace the API key belongs to (a key is bound to exactly one): workspaceId, name, plan. Every other tool acts in it.",
  input: z.strictObject({}),
  output: workspaceListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope) => listScopeWorkspaces(scope),
});
