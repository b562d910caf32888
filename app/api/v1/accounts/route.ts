import { listAccounts } from "@/server/domain/accounts/list-accounts";
import { handle, methods } from "@/server/http/handle";
import { listAccountsOp } from "@/server/http/operations/accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listAccountsOp, (scope) => listAccounts(scope)),
});
