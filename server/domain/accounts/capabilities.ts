// Account capabilities, computed in one place (SPEC.md "Rules for accounts and capabilities").
// They are a discovery aid: every write re-checks them from the current row.
import { env } from "../../env.ts";
import type { ProviderName } from "./providers.ts";

export type Capabilities = {
  readPosts: boolean;
  publishPosts: boolean;
  schedulePosts: boolean;
  repostPosts: boolean;
};

export type CapabilityInput = {
  provider: ProviderName;
  scopes: string[];
  pageTasks: string[];
  needsReconnect: boolean;
  connectionMethod: string | null;
};

// Scopes a platform must have granted for each ability (scope names as each platform spells them).
const required: Record<ProviderName, { read: string[][]; publish: string[][]; repost: string[][] | null }> = {
  x: { read: [["tweet.read"]], publish: [["tweet.write"]], repost: [["tweet.write"]] },
  threads: { read: [["threads_basic"]], publish: [["threads_content_publish"]], repost: [["threads_content_publish"]] },
  linkedin: {
    read: [["r_member_social"], ["r_organization_social"]],
    publish: [["w_member_social"], ["w_organization_social"]],
    repost: [["w_member_social"], ["w_organization_social"]],
  },
  tiktok: { read: [["video.list"]], publish: [["video.publish"]], repost: null },
  instagram: {
    read: [["instagram_business_basic"], ["instagram_basic"]],
    publish: [["instagram_business_content_publish"], ["instagram_content_publish"]],
    repost: null,
  },
  youtube: { read: [["youtube.readonly"], ["youtube"]], publish: [["youtube.upload"]], repost: null },
  facebook: { read: [["pages_read_engagement"]], publish: [["pages_manage_posts"]], repost: null },
};

/** Google scopes are URLs (https://www.googleapis.com/auth/youtube.upload); compare their last segment. */
function granted(scopes: string[], name: string): boolean {
  return scopes.some((s) => s === name || s.endsWith(`/${name}`));
}

function hasAny(scopes: string[], alternatives: string[][]): boolean {
  return alternatives.some((all) => all.every((name) => granted(scopes, name)));
}

export function computeCapabilities(account: CapabilityInput): Capabilities {
  const rule = required[account.provider];
  const healthy = !account.needsReconnect;
  let publish = healthy && hasAny(account.scopes, rule.publish);
  if (account.provider === "facebook") {
    publish = publish && account.pageTasks.includes("CREATE_CONTENT") && env().facebookPublicWrite;
  }
  if (account.provider === "tiktok") {
    publish = publish && account.connectionMethod === "business";
  }
  return {
    readPosts: hasAny(account.scopes, rule.read) && (account.provider !== "tiktok" || account.connectionMethod === "business"),
    publishPosts: publish,
    schedulePosts: publish,
    repostPosts: rule.repost !== null && healthy && hasAny(account.scopes, rule.repost),
  };
}
