-- CreateEnum
CREATE TYPE "MediaImportStatus" AS ENUM ('queued', 'processing', 'completed', 'failed');

-- CreateTable
CREATE TABLE "MediaImport" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdById" UUID NOT NULL,
    "requestId" UUID,
    "url" TEXT NOT NULL,
    "fileName" TEXT,
    "mediaType" "MediaType",
    "status" "MediaImportStatus" NOT NULL DEFAULT 'queued',
    "mediaId" UUID NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "leaseExpiresAt" TIMESTAMPTZ(3),
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "completedAt" TIMESTAMPTZ(3),

    CONSTRAINT "MediaImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MediaImport_mediaId_key" ON "MediaImport"("mediaId");

-- CreateIndex
CREATE INDEX "MediaImport_status_leaseExpiresAt_idx" ON "MediaImport"("status", "leaseExpiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "MediaImport_workspaceId_requestId_key" ON "MediaImport"("workspaceId", "requestId");

-- AddForeignKey
ALTER TABLE "MediaImport" ADD CONSTRAINT "MediaImport_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

