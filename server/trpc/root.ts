import { router } from "./init.ts";
import { accountsRouter } from "./routers/accounts.ts";
import { auditRouter } from "./routers/audit.ts";
import { apiKeysRouter } from "./routers/api-keys.ts";
import { commentsRouter } from "./routers/comments.ts";
import { connectLinksRouter } from "./routers/connect-links.ts";
import { reviewLinksRouter } from "./routers/review-links.ts";
import { authRouter } from "./routers/auth.ts";
import { draftsRouter } from "./routers/drafts.ts";
import { importsRouter } from "./routers/imports.ts";
import { feedsRouter } from "./routers/feeds.ts";
import { mediaRouter } from "./routers/media.ts";
import { meRouter } from "./routers/me.ts";
import { membersRouter } from "./routers/members.ts";
import { approvalsRouter } from "./routers/approvals.ts";
import { jobsRouter, postsRouter } from "./routers/publishing.ts";
import { queueRouter } from "./routers/queue.ts";
import { schedulesRouter } from "./routers/scheduling.ts";
import { analyticsRouter } from "./routers/analytics.ts";
import { brandsRouter, carouselsRouter } from "./routers/carousels.ts";
import { webhooksRouter } from "./routers/webhooks.ts";
import { workspacesRouter } from "./routers/workspaces.ts";

export const appRouter = router({
  auth: authRouter,
  me: meRouter,
  workspaces: workspacesRouter,
  apiKeys: apiKeysRouter,
  accounts: accountsRouter,
  connectLinks: connectLinksRouter,
  reviewLinks: reviewLinksRouter,
  media: mediaRouter,
  posts: postsRouter,
  jobs: jobsRouter,
  schedules: schedulesRouter,
  analytics: analyticsRouter,
  carousels: carouselsRouter,
  brands: brandsRouter,
  webhooks: webhooksRouter,
  drafts: draftsRouter,
  imports: importsRouter,
  feeds: feedsRouter,
  queue: queueRouter,
  members: membersRouter,
  approvals: approvalsRouter,
  comments: commentsRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
