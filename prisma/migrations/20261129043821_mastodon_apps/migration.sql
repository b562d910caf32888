-- Our client app per Mastodon instance (POST /api/v1/apps), registered when the first account of an
-- instance connects and reused for every later one. The secret is encrypted like account tokens.
-- CreateTable
CREATE TABLE "MastodonApp" (
    "id" UUID NOT NULL,
    "instance" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEnc" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MastodonApp_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MastodonApp_instance_redirectUri_key" ON "MastodonApp"("instance", "redirectUri");

