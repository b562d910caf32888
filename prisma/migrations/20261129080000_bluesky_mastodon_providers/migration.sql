-- Issue 48: two more networks in the provider enum (additions, the seven keep their values).
ALTER TYPE "Provider" ADD VALUE IF NOT EXISTS 'bluesky';
ALTER TYPE "Provider" ADD VALUE IF NOT EXISTS 'mastodon';
