// Every operation of the API, in the order the reference lists them.
import type { Operation } from "../operation.ts";
import { listAccountsOp } from "./accounts.ts";
import { listWorkspacesOp } from "./workspaces.ts";

export const operations: Operation[] = [listWorkspacesOp, listAccountsOp];
