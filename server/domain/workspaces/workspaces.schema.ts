import { z } from "zod";

export const planName = z.enum(["free", "creator", "pro", "business"]).meta({ description: "The organization's plan" });

export const workspaceSchema = z
  .object({
    workspaceId: z.uuid(),
    name: z.string(),
    plan: planName,
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Workspace", description: "A workspace: the unit an API key is scoped to" });

export const workspaceListSchema = z
  .object({ workspaces: z.array(workspaceSchema).meta({ description: "The API key's workspace (a key is bound to exactly one)" }) })
  .meta({ id: "WorkspaceList" });

export const workspaceNameInput = z.object({ name: z.string().trim().min(1, "Give the workspace a name").max(100) });
