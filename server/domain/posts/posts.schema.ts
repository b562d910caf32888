// GET /api/v1/posts and POST /api/v1/reposts: queries and answers.
import { z } from "zod";
import { providerSchema } from "../accounts/accounts.schema.ts";

export const listPostsQuery = z.strictObject({
  provider: providerSchema.optional(),
  accountId: z.uuid().optional().meta({ description: "Only this account's posts (an account of another workspace: 404)" }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(["recent", "top"]).default("recent").meta({
    description:
      "`recent`: newest first. `top`: most views first, then most likes (posts whose metric is unavailable after those with a number), then newest, then by id, so ties keep a stable order.",
  }),
  rangeDays: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .meta({ description: "Posts published within the last this many days (1 to 3650, default 30)" }),
});
export type ListPostsQuery = z.output<typeof listPostsQuery>;

/** Beside each `permalink`: the platform sandbox's page of the post (server/sandbox/sandbox-link.ts). */
export const sandboxUrlSchema = z.string().nullable().meta({
  description:
    "Sandbox mode (PLATFORMS=sandbox) only: the platform sandbox's page of this post, showing what the platform received; `permalink` stays the real platform's URL, where a sandbox post does not exist. null outside sandbox mode and while `permalink` is null",
});

const metric = z.number().int().nullable();
export const postMetricsSchema = z
  .object({ views: metric, likes: metric, replies: metric, reposts: metric, quotes: metric, bookmarks: metric, shares: metric })
  .meta({ id: "PostMetrics", description: "Each a number, or null when the platform does not make it available (never 0 for unavailable)" });

export const publishedPostSchema = z
  .object({
    postId: z.string().meta({ description: "Native post id" }),
    platform: providerSchema,
    accountId: z.uuid(),
    username: z.string(),
    content: z.string().meta({ description: "The text; for youtube the description, at most 280 characters" }),
    permalink: z.string(),
    sandboxUrl: sandboxUrlSchema,
    postedAt: z.iso.datetime({ offset: true }),
    metrics: postMetricsSchema,
    title: z.string().optional().meta({ description: "youtube" }),
    mediaType: z.string().nullable().optional().meta({
      description: "youtube: VIDEO or SHORTS; facebook: TEXT, LINK, PHOTO, MULTI_PHOTO, VIDEO, REEL, STORY or null; instagram: as Instagram reports it",
    }),
    mediaProductType: z.string().nullable().optional().meta({ description: "instagram" }),
    metricsUpdatedAt: z.iso.datetime({ offset: true }).optional().meta({ description: "tiktok, instagram, youtube: when the metrics were read" }),
  })
  .meta({ id: "PublishedPost" });
export type PublishedPostView = z.infer<typeof publishedPostSchema>;

export const postListSchema = z
  .object({
    posts: z.array(publishedPostSchema),
    totalMatched: z.number().int().meta({ description: "How many posts match the filters within the range (the page holds at most `limit`)" }),
    rangeDays: z.number().int().meta({ description: "The range the answer covers: posts published within the last this many days" }),
  })
  .meta({ id: "PublishedPostList" });

export const repostBody = z
  .strictObject({
    accountId: z.uuid().meta({ description: "A threads, x or linkedin account of the workspace with capabilities.repostPosts" }),
    postId: z.string().min(1).max(200).meta({ description: "The native id of the post to repost (on the same platform)" }),
  })
  .meta({ id: "RepostRequest" });

export const repostResultSchema = z
  .object({
    accountId: z.uuid(),
    platform: providerSchema,
    username: z.string(),
    postId: z.string().meta({ description: "The post reposted" }),
    repostId: z.string().meta({ description: "The native id of the repost" }),
  })
  .meta({ id: "RepostResult" });
