import { workspaceListSchema } from "../../domain/workspaces/workspaces.schema.ts";
import { defineOperation } from "../operation.ts";

export const listWorkspacesOp = defineOperation({
  operationId: "listWorkspaces",
  method: "GET",
  path: "/api/v1/workspaces",
  tag: "Workspaces",
  scope: "accounts:read",
  summary: "List workspaces",
  description: "The workspace the API key belongs to. A key is bound to exactly one workspace, which every request made with it uses.",
  responses: {
    200: {
      description: "The key's workspace",
      schema: workspaceListSchema,
      example: {
        workspaces: [{ workspaceId: "6f1c2a8e-4b7d-4e43-9a55-0d2b7e9c1f00", name: "My workspace", plan: "creator", createdAt: "2026-11-01T09:00:00.000Z" }],
      },
    },
  },
});
