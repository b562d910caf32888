import { z } from "zod";
import { auditListQuery, auditRetentionInput } from "../../domain/audit/audit.schema.ts";
import { getAuditRetention, setAuditRetention } from "../../domain/audit/audit-retention.ts";
import { exportAuditCsv } from "../../domain/audit/export-audit-csv.ts";
import { listAuditLog } from "../../domain/audit/list-audit-log.ts";
import { router, workspaceProcedure } from "../init.ts";

const filters = auditListQuery.omit({ limit: true, cursor: true });
// useInfiniteQuery sends the page's direction beside the cursor; the list has one direction
const pageInput = auditListQuery.extend({ direction: z.enum(["forward", "backward"]).optional() });

export const auditRouter = router({
  list: workspaceProcedure.input(pageInput).query(({ ctx, input: { direction: _direction, ...query } }) => listAuditLog(ctx.scope, query)),
  /** the filtered log as CSV, every page (the page's "Export CSV" downloads it) */
  exportCsv: workspaceProcedure.input(filters).query(({ ctx, input }) => exportAuditCsv(ctx.scope, input)),
  retention: workspaceProcedure.query(({ ctx }) => getAuditRetention(ctx.scope)),
  setRetention: workspaceProcedure.input(auditRetentionInput).mutation(({ ctx, input }) => setAuditRetention(ctx.scope, input)),
});
