import { auditListQuery, auditRetentionInput } from "../../domain/audit/audit.schema.ts";
import { getAuditRetention, setAuditRetention } from "../../domain/audit/audit-retention.ts";
import { exportAuditCsv } from "../../domain/audit/export-audit-csv.ts";
import { listAuditLog } from "../../domain/audit/list-audit-log.ts";
import { router, workspaceProcedure } from "../init.ts";

const filters = auditListQuery.omit({ limit: true, cursor: true });

export const auditRouter = router({
  list: workspaceProcedure.input(auditListQuery).query(({ ctx, input }) => listAuditLog(ctx.scope, input)),
  /** the filtered log as CSV, every page (the page's "Export CSV" downloads it) */
  exportCsv: workspaceProcedure.input(filters).query(({ ctx, input }) => exportAuditCsv(ctx.scope, input)),
  retention: workspaceProcedure.query(({ ctx }) => getAuditRetention(ctx.scope)),
  setRetention: workspaceProcedure.input(auditRetentionInput).mutation(({ ctx, input }) => setAuditRetention(ctx.scope, input)),
});
