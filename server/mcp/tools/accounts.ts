import { z } from "zod";
import { accountListSchema } from "../../domain/accounts/accounts.schema.ts";
import { listAccounts } from "../../domain/accounts/list-accounts.ts";
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
