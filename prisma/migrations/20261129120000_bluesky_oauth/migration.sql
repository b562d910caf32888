-- Bluesky atproto OAuth (issue 48): the library's sign-in attempts and sessions, kept in PostgreSQL
-- so every process sees them, sealed with the token key (they hold DPoP keys and tokens).
-- CreateTable
CREATE TABLE "BlueskyOAuthState" (
    "key" TEXT NOT NULL,
    "valueEnc" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BlueskyOAuthState_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "BlueskyOAuthSession" (
    "did" TEXT NOT NULL,
    "valueEnc" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BlueskyOAuthSession_pkey" PRIMARY KEY ("did")
);

-- CreateIndex
CREATE INDEX "BlueskyOAuthState_expiresAt_idx" ON "BlueskyOAuthState"("expiresAt");
