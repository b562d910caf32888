// Whose published posts the dashboard deletes (client-safe: the posts view reads it too). Issue 48
// added it for Bluesky and Mastodon; SPEC.md's seven keep no such action.
import type { ProviderName } from "../accounts/providers.ts";

export const deletableProviders: readonly ProviderName[] = ["bluesky", "mastodon"];
