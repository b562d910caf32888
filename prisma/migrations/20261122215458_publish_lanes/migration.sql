-- Accounts publish one at a time through their lane, no longer through graphile-worker named queues
-- CreateTable
CREATE TABLE "PublishLane" (
    "accountId" UUID NOT NULL,
    "holder" UUID,
    "running" BOOLEAN NOT NULL DEFAULT false,
    "heldUntil" TIMESTAMPTZ(3),
    "waiters" UUID[] DEFAULT ARRAY[]::UUID[],

    CONSTRAINT "PublishLane_pkey" PRIMARY KEY ("accountId")
);

-- AddForeignKey
ALTER TABLE "PublishLane" ADD CONSTRAINT "PublishLane_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ConnectedAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

