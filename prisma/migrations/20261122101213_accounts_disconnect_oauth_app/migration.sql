-- AlterTable
ALTER TABLE "ConnectedAccount" ADD COLUMN     "disconnectedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "OAuthState" ADD COLUMN     "app" TEXT;

