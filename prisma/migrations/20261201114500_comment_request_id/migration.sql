-- A comment added with a requestId is added once: a retried call answers the comment it made
ALTER TABLE "Comment" ADD COLUMN "requestId" UUID;
CREATE UNIQUE INDEX "Comment_workspaceId_requestId_key" ON "Comment"("workspaceId", "requestId");
