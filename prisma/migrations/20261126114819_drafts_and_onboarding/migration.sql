-- CreateTable
CREATE TABLE "Draft" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "composition" JSONB NOT NULL,
    "scheduledAt" TIMESTAMPTZ(3),
    "timezone" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Draft_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OnboardingDismissal" (
    "workspaceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "dismissedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OnboardingDismissal_pkey" PRIMARY KEY ("workspaceId","userId")
);

-- CreateIndex
CREATE INDEX "Draft_workspaceId_updatedAt_idx" ON "Draft"("workspaceId", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "Draft_workspaceId_scheduledAt_idx" ON "Draft"("workspaceId", "scheduledAt");

-- AddForeignKey
ALTER TABLE "Draft" ADD CONSTRAINT "Draft_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OnboardingDismissal" ADD CONSTRAINT "OnboardingDismissal_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OnboardingDismissal" ADD CONSTRAINT "OnboardingDismissal_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

