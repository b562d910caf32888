import { listAccounts } from "../../domain/accounts/list-accounts.ts";
import { router, workspaceProcedure } from "../init.ts";

export const accountsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listAccounts(ctx.scope)),
});
