-- Mastodon connect (issue 48): the instance an OAuth attempt connects to, and the limits of each instance
-- kept in PostgreSQL so every process validating posts reads the same ones.
-- AlterTable
ALTER TABLE "OAuthState" ADD COLUMN     "instance" TEXT;

-- CreateTable
CREATE TABLE "MastodonInstance" (
    "instance" TEXT NOT NULL,
    "limits" JSONB NOT NULL,
    "fetchedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MastodonInstance_pkey" PRIMARY KEY ("instance")
);

