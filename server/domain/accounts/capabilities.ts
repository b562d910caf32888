// Account capabilities, computed in one place (SPEC.md "Rules for accounts and capabilities").
// They are a discovery aid: every write re-checks them from the current row.
import { env } from "../../env.ts";
import { adapterFor } from "../../platforms/registry.ts";
import { providerTable, type ProviderName } from "./providers.ts";

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
  /** instagram: business | creator; anything else is not a professional account */
  accountType: string | null;
};

/** Google scopes are URLs (https://www.googleapis.com/auth/youtube.upload); compare their last segment. */
function granted(scopes: string[], name: string): boolean {
  return scopes.some((s) => s === name || s.endsWith(`/${name}`));
}

function hasAny(scopes: string[], alternatives: readonly (readonly string[])[]): boolean {
  return alternatives.some((all) => all.every((name) => granted(scopes, name)));
}

export function computeCapabilities(account: CapabilityInput): Capabilities {
  const rule = providerTable[account.provider].scopes;
  const healthy = !account.needsReconnect;
  let publish = healthy && hasAny(account.scopes, rule.publish);
  if (account.provider === "facebook") {
    publish = publish && account.pageTasks.includes("CREATE_CONTENT") && env().facebookPublicWrite;
  }
  if (account.provider === "tiktok") {
    publish = publish && account.connectionMethod === "business";
  }
  if (account.provider === "instagram") {
    // Only professional accounts can publish through the API.
    publish = publish && (account.accountType === "business" || account.accountType === "creator");
  }
  return {
    readPosts: hasAny(account.scopes, rule.read) && (account.provider !== "tiktok" || account.connectionMethod === "business"),
    publishPosts: publish,
    schedulePosts: publish,
    repostPosts: rule.repost !== null && healthy && hasAny(account.scopes, rule.repost),
  };
}

/** Why publishing is off for an account, in words a user can act on (the dashboard shows them). */
export function publishBlockers(account: CapabilityInput): string[] {
  const rule = providerTable[account.provider].scopes;
  const out: string[] = [];
  if (account.needsReconnect) out.push("the connection needs reconnecting");
  if (!hasAny(account.scopes, rule.publish)) out.push(`the ${rule.publish.map((all) => all.join(" + ")).join(" or ")} permission was not granted`);
  if (account.provider === "facebook") {
    if (!account.pageTasks.includes("CREATE_CONTENT")) out.push("you lack the CREATE_CONTENT task on this Page");
    if (!env().facebookPublicWrite) out.push("Facebook publishing is not enabled on this installation");
  }
  if (account.provider === "tiktok" && account.connectionMethod !== "business")
    out.push("Login Kit connections cannot publish; connect through the business-developer app");
  if (account.provider === "instagram" && account.accountType !== "business" && account.accountType !== "creator")
    out.push("only professional (business or creator) Instagram accounts can publish");
  return out;
}

/**
 * Why the account's posts are not read (so never synced), and what to do, in words a user can
 * act on. Reconnecting helps only when this installation asks the platform for the permission.
 */
export function readBlockers(account: CapabilityInput): string[] {
  const rule = providerTable[account.provider].scopes;
  if (account.provider === "tiktok" && account.connectionMethod !== "business")
    return ["Login Kit connections cannot read posts; connect through the business-developer app"];
  if (hasAny(account.scopes, rule.read)) return [];
  const names = rule.read.map((all) => all.join(" + ")).join(" or ");
  if (hasAny(adapterFor(account.provider).defaultScopes, rule.read))
    return [`the Read posts permission (${names}) was not granted: reconnect the account and grant it`];
  if (account.provider === "linkedin")
    return [
      `this installation does not ask LinkedIn for the Read posts permission (${names}), which LinkedIn grants only to apps it approved for it: once yours is, add r_member_social to LINKEDIN_SCOPES and reconnect the account granting it`,
    ];
  return [`this installation does not ask for the Read posts permission (${names})`];
}
