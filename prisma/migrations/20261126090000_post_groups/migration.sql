-- Post groups (issue 31): one composition to several accounts, each target a publish job.
-- CreateTable
CREATE TABLE "PostGroup" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "targets" JSONB NOT NULL,
    "scheduledAt" TIMESTAMPTZ(3),
    "timezone" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PostGroup_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "PublishJob" ADD COLUMN "postGroupId" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "PostGroup_workspaceId_requestId_key" ON "PostGroup"("workspaceId", "requestId");

-- CreateIndex
CREATE INDEX "PublishJob_postGroupId_idx" ON "PublishJob"("postGroupId");

-- AddForeignKey
ALTER TABLE "PostGroup" ADD CONSTRAINT "PostGroup_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PublishJob" ADD CONSTRAINT "PublishJob_postGroupId_fkey" FOREIGN KEY ("postGroupId") REFERENCES "PostGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;
