export const providers = ["threads", "x", "linkedin", "tiktok", "instagram", "youtube", "facebook"] as const;
export type ProviderName = (typeof providers)[number];

/** Text platforms publish synchronously; the others through asynchronous media jobs (SPEC.md). */
export const textProviders = ["threads", "x", "linkedin"] as const satisfies readonly ProviderName[];
export const mediaProviders = ["tiktok", "instagram", "youtube", "facebook"] as const satisfies readonly ProviderName[];

export const providerLabels: Record<ProviderName, string> = {
  threads: "Threads",
  x: "X",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  instagram: "Instagram",
  youtube: "YouTube",
  facebook: "Facebook",
};
