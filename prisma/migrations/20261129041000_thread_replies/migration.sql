-- Replies of threads published through POST /api/v1/posts (no job): the calendar folds them into
-- their thread's first post, as it does a job's replies.
CREATE TABLE "ThreadReply" (
    "accountId" UUID NOT NULL,
    "nativeId" TEXT NOT NULL,
    "rootNativeId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ThreadReply_pkey" PRIMARY KEY ("accountId","nativeId")
);

ALTER TABLE "ThreadReply" ADD CONSTRAINT "ThreadReply_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ConnectedAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
