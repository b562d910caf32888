// Human names for the codes platforms and the API use. The API and the database keep the codes;
// the dashboard shows these labels, from this one module, and falls back to a readable form of a
// code it does not know yet (a platform adds a Page task) rather than the raw constant.

/** TikTok's privacy_level values (Content Posting API, creator_info privacy_level_options). */
export const tiktokPrivacyLabels: Record<string, string> = {
  PUBLIC_TO_EVERYONE: "Everyone",
  MUTUAL_FOLLOW_FRIENDS: "Friends (followers you follow back)",
  FOLLOWER_OF_CREATOR: "Followers",
  SELF_ONLY: "Only me",
};

/** Facebook Page tasks (the `tasks` of /me/accounts): what this person may do on the Page. */
export const facebookPageTaskLabels: Record<string, string> = {
  MANAGE: "Manage the Page",
  CREATE_CONTENT: "Create posts",
  MODERATE: "Moderate comments",
  ADVERTISE: "Run ads",
  ANALYZE: "View insights",
  MESSAGING: "Reply to messages",
  VIEW_MONETIZATION_INSIGHTS: "View earnings",
};

/** An account's capabilities, as computed by the server. */
export const capabilityLabels = {
  readPosts: "Read posts",
  publishPosts: "Publish",
  schedulePosts: "Schedule",
  repostPosts: "Repost",
} as const;

export const youtubePrivacyLabels: Record<string, string> = { public: "Public", unlisted: "Unlisted", private: "Private" };

/** Mastodon's visibilities as its apps name them ("private" reaches followers only). */
export const mastodonVisibilityLabels = { public: "Public", unlisted: "Unlisted", private: "Followers only" } as const;

export const instagramAccountTypeLabels: Record<string, string> = {
  business: "Business account",
  creator: "Creator account",
  unknown: "Personal or unknown account type",
};

export const tiktokConnectionLabels: Record<string, string> = {
  "login-kit": "Login Kit connection (read only)",
  business: "Business developer connection",
};

/** "SOME_CODE" or "some_code" as "Some code", for codes no table above knows. */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function label(table: Record<string, string>, code: string): string {
  return table[code] ?? humanizeCode(code);
}

/** A server sentence that quotes codes (a publish blocker naming a Page task) with their labels. */
export function withCodeLabels(text: string, table: Record<string, string>): string {
  return text.replace(/\b[A-Z][A-Z_]{2,}\b/g, (code) => (table[code] ? `“${table[code]}”` : code));
}
