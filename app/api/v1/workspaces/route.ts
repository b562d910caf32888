import { listScopeWorkspaces } from "@/server/domain/workspaces/list-workspaces";
import { handle, methods } from "@/server/http/handle";
import { listWorkspacesOp } from "@/server/http/operations/workspaces";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listWorkspacesOp, (scope) => listScopeWorkspaces(scope)),
});
