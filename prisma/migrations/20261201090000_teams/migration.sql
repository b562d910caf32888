-- Teams and clients (issue 50): roles, invitations, approvals, comments, review links, the audit
-- log, client connect links, outgoing email and account security. docs/teams.md explains them.

-- Roles: the one-person workspace MEMBER did everything content, as an editor does now.
ALTER TYPE "Role" RENAME VALUE 'MEMBER' TO 'EDITOR';
ALTER TYPE "Role" ADD VALUE 'CONTRIBUTOR';
ALTER TYPE "Role" ADD VALUE 'VIEWER';
ALTER TABLE "Membership" ALTER COLUMN "role" SET DEFAULT 'EDITOR';

ALTER TABLE "Workspace" ADD COLUMN "approvalRequired" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "clientApprovalAllowed" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "auditRetentionDays" INTEGER NOT NULL DEFAULT 365 CHECK ("auditRetentionDays" BETWEEN 1 AND 3650);

-- New key scopes. Existing keys keep theirs: approval and the audit log are granted explicitly.
ALTER TABLE "ApiKey" DROP CONSTRAINT "ApiKey_scopes_known";
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_scopes_known" CHECK (
  "scopes" IS NOT NULL AND cardinality("scopes") > 0
  AND "scopes" <@ ARRAY['accounts:read', 'accounts:write', 'media:read', 'media:write', 'posts:read', 'posts:write', 'posts:approve', 'carousels:read', 'carousels:write', 'webhooks:read', 'webhooks:write', 'audit:read']::TEXT[]
);

-- Account security: two-factor (the TOTP secret is encrypted like platform tokens), sessions
-- that can be listed and ended, single-use recovery codes and emailed one-time tokens.
ALTER TABLE "User" ADD COLUMN "totpSecretEnc" TEXT,
  ADD COLUMN "totpEnabledAt" TIMESTAMPTZ(3);

CREATE TABLE "UserSession" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "userId" UUID NOT NULL REFERENCES "User"("id") ON DELETE CASCADE,
  "userAgent" TEXT,
  "address" TEXT,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expiresAt" TIMESTAMPTZ(3) NOT NULL,
  "revokedAt" TIMESTAMPTZ(3),
  CONSTRAINT "UserSession_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "UserSession_userId_idx" ON "UserSession" ("userId");

CREATE TABLE "RecoveryCode" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "userId" UUID NOT NULL REFERENCES "User"("id") ON DELETE CASCADE,
  "codeHash" TEXT NOT NULL,
  "usedAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "RecoveryCode_userId_codeHash_key" ON "RecoveryCode" ("userId", "codeHash");

-- kind: password_reset | email_change. Only the sha256 of the emailed token is stored.
CREATE TABLE "UserToken" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "userId" UUID NOT NULL REFERENCES "User"("id") ON DELETE CASCADE,
  "kind" TEXT NOT NULL CHECK ("kind" IN ('password_reset', 'email_change')),
  "tokenHash" TEXT NOT NULL,
  "newEmail" TEXT,
  "expiresAt" TIMESTAMPTZ(3) NOT NULL,
  "usedAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "UserToken_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "UserToken_tokenHash_key" ON "UserToken" ("tokenHash");
CREATE INDEX "UserToken_userId_idx" ON "UserToken" ("userId");

CREATE TABLE "Invitation" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "workspaceId" UUID NOT NULL REFERENCES "Workspace"("id") ON DELETE CASCADE,
  "email" TEXT NOT NULL,
  "role" "Role" NOT NULL,
  "tokenHash" TEXT NOT NULL,
  "invitedById" UUID REFERENCES "User"("id") ON DELETE SET NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expiresAt" TIMESTAMPTZ(3) NOT NULL,
  "acceptedAt" TIMESTAMPTZ(3),
  "acceptedById" UUID REFERENCES "User"("id") ON DELETE SET NULL,
  "revokedAt" TIMESTAMPTZ(3),
  "sentCount" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation" ("tokenHash");
-- one open invitation per address and workspace: inviting again resends it
CREATE UNIQUE INDEX "Invitation_open_key" ON "Invitation" ("workspaceId", lower("email")) WHERE "acceptedAt" IS NULL AND "revokedAt" IS NULL;

-- Outgoing email: written in the transaction of the change that sends it, delivered by the
-- worker send-email task with retries and backoff (server/mail).
CREATE TABLE "EmailMessage" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "workspaceId" UUID REFERENCES "Workspace"("id") ON DELETE CASCADE,
  "kind" TEXT NOT NULL,
  "to" TEXT NOT NULL,
  "subject" TEXT NOT NULL,
  "text" TEXT NOT NULL,
  "html" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'sending', 'sent', 'failed', 'unsent')),
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "claimedUntil" TIMESTAMPTZ(3),
  "lastError" TEXT,
  "sentAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "EmailMessage_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "EmailMessage_due_idx" ON "EmailMessage" ("nextAttemptAt") WHERE "status" IN ('pending', 'sending');
CREATE INDEX "EmailMessage_workspace_idx" ON "EmailMessage" ("workspaceId", "createdAt" DESC);

-- Approvals: a pending group has no jobs yet, and its target payloads wait in targetPayloads.
ALTER TABLE "PostGroup" ADD COLUMN "approvalStatus" TEXT CHECK ("approvalStatus" IN ('pending', 'approved', 'rejected')),
  ADD COLUMN "authorUserId" UUID REFERENCES "User"("id") ON DELETE SET NULL,
  ADD COLUMN "approvalDecidedAt" TIMESTAMPTZ(3),
  ADD COLUMN "approvalDecidedBy" TEXT,
  ADD COLUMN "rejectionReason" TEXT;
CREATE INDEX "PostGroup_pending_approval_idx" ON "PostGroup" ("workspaceId", "createdAt") WHERE "approvalStatus" = 'pending';

-- Internal notes on a post group or a draft, and client decisions from review links.
CREATE TABLE "Comment" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "workspaceId" UUID NOT NULL REFERENCES "Workspace"("id") ON DELETE CASCADE,
  "postGroupId" UUID REFERENCES "PostGroup"("id") ON DELETE CASCADE,
  "draftId" UUID REFERENCES "Draft"("id") ON DELETE CASCADE,
  "authorUserId" UUID REFERENCES "User"("id") ON DELETE SET NULL,
  "reviewLinkId" UUID,
  "authorName" TEXT NOT NULL,
  -- note | changes_requested | approved | rejected
  "kind" TEXT NOT NULL DEFAULT 'note',
  "body" TEXT NOT NULL,
  "mentions" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[],
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Comment_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "Comment_one_subject" CHECK (("postGroupId" IS NULL) <> ("draftId" IS NULL))
);
CREATE INDEX "Comment_postGroup_idx" ON "Comment" ("postGroupId", "createdAt");
CREATE INDEX "Comment_draft_idx" ON "Comment" ("draftId", "createdAt");

CREATE TABLE "ReviewLink" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "workspaceId" UUID NOT NULL REFERENCES "Workspace"("id") ON DELETE CASCADE,
  "tokenHash" TEXT NOT NULL,
  "postGroupIds" UUID[] NOT NULL,
  "createdBy" TEXT NOT NULL,
  "expiresAt" TIMESTAMPTZ(3) NOT NULL,
  "revokedAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ReviewLink_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ReviewLink_tokenHash_key" ON "ReviewLink" ("tokenHash");
CREATE INDEX "ReviewLink_workspace_idx" ON "ReviewLink" ("workspaceId", "createdAt" DESC);

CREATE TABLE "ConnectLink" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "workspaceId" UUID NOT NULL REFERENCES "Workspace"("id") ON DELETE CASCADE,
  "tokenHash" TEXT NOT NULL,
  "providers" "Provider"[] NOT NULL DEFAULT ARRAY[]::"Provider"[],
  "maxUses" INTEGER NOT NULL DEFAULT 1 CHECK ("maxUses" >= 1),
  "uses" INTEGER NOT NULL DEFAULT 0,
  "createdBy" TEXT NOT NULL,
  "expiresAt" TIMESTAMPTZ(3) NOT NULL,
  "revokedAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ConnectLink_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "ConnectLink_uses_within" CHECK ("uses" <= "maxUses")
);
CREATE UNIQUE INDEX "ConnectLink_tokenHash_key" ON "ConnectLink" ("tokenHash");
CREATE INDEX "ConnectLink_workspace_idx" ON "ConnectLink" ("workspaceId", "createdAt" DESC);
ALTER TABLE "OAuthState" ADD COLUMN "connectLinkId" UUID REFERENCES "ConnectLink"("id") ON DELETE CASCADE;

-- The audit log: one row per write, through any door. Reads are not logged.
CREATE TABLE "AuditEntry" (
  "id" BIGSERIAL NOT NULL,
  "workspaceId" UUID NOT NULL REFERENCES "Workspace"("id") ON DELETE CASCADE,
  "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  -- user | apiKey | reviewLink | connectLink | system
  "actorKind" TEXT NOT NULL,
  "actorId" TEXT,
  "actorLabel" TEXT NOT NULL,
  -- dashboard | rest | mcp | cli | link | worker
  "door" TEXT NOT NULL,
  "action" TEXT NOT NULL,
  "resourceType" TEXT,
  "resourceId" TEXT,
  "address" TEXT,
  "details" JSONB,
  CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "AuditEntry_workspace_at_idx" ON "AuditEntry" ("workspaceId", "at" DESC, "id" DESC);
