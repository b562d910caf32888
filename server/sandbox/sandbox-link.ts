// In sandbox mode (PLATFORMS=sandbox) a published post exists only in the platform sandbox, so
// its permalink (x.com/…, linkedin.com/…) leads nowhere: the sandbox's own page of the post is
// where a person can see it. Computed here, once, for every door (the `sandboxUrl` fields); the
// `permalink` fields stay the platform's own URL, as SPEC.md fixes them.
import { platformConfig } from "../platforms/config.ts";

/** The sandbox's page of the post with this permalink, in sandbox mode; null otherwise or without a permalink. */
export function sandboxPostUrl(permalink: string | null | undefined): string | null {
  const config = platformConfig();
  if (!permalink || config.mode !== "sandbox") return null;
  return `${config.sandboxUrl}/_sandbox/open?${new URLSearchParams({ permalink })}`;
}
