import { accountListSchema } from "../../domain/accounts/accounts.schema.ts";
import { defineOperation } from "../operation.ts";

export const listAccountsOp = defineOperation({
  operationId: "listAccounts",
  method: "GET",
  path: "/api/v1/accounts",
  tag: "Accounts",
  scope: "accounts:read",
  summary: "List connected accounts",
  description:
    "Connected accounts of the key's workspace with their capabilities. TikTok accounts connected through login-kit are not listed. Capabilities are a discovery aid: every write re-checks plan, permission, rollout state and account eligibility.",
  responses: {
    200: {
      description: "The workspace's accounts",
      schema: accountListSchema,
      example: {
        accounts: [
          {
            accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
            provider: "instagram",
            username: "studio.north",
            displayName: "Studio North",
            capabilities: { readPosts: true, publishPosts: true, schedulePosts: true, repostPosts: false },
            accountType: "business",
          },
        ],
      },
    },
  },
});
