-- Approvals (issue 50 point 3). A group waiting for approval keeps the request it was created
-- with, and approving it plans and writes its jobs then. Webhooks post_group.pending_approval,
-- post_group.approved and post_group.rejected come from this trigger, in the transaction of the
-- change. Function bodies are U& strings that write the statement separator as \003B
-- (see 20261126090000_webhooks).
ALTER TABLE "PostGroup" ADD COLUMN "pendingRequest" JSONB;

CREATE FUNCTION posteady_post_group_approval_events() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  kind TEXT := ''post_group.'' || CASE NEW."approvalStatus" WHEN ''pending'' THEN ''pending_approval'' ELSE NEW."approvalStatus" END\003B
BEGIN
  IF NEW."approvalStatus" IS NOT NULL AND (TG_OP = ''INSERT'' OR NEW."approvalStatus" IS DISTINCT FROM OLD."approvalStatus")
     AND cardinality(posteady_webhook_listened(NEW."workspaceId", ARRAY[kind])) > 0 THEN
    PERFORM posteady_webhook_emit(NEW."workspaceId", kind, jsonb_build_object(
      ''postGroupId'', NEW.id, ''requestId'', NEW."requestId", ''approvalStatus'', NEW."approvalStatus",
      ''scheduledAt'', NEW."scheduledAt", ''decidedBy'', NEW."approvalDecidedBy", ''decidedAt'', NEW."approvalDecidedAt",
      ''reason'', NEW."rejectionReason", ''content'', NEW.content, ''targets'', NEW.targets))\003B
  END IF\003B
  RETURN NULL\003B
END ';
CREATE TRIGGER "PostGroup_approval_webhook_events" AFTER INSERT OR UPDATE OF "approvalStatus" ON "PostGroup"
  FOR EACH ROW EXECUTE FUNCTION posteady_post_group_approval_events();
