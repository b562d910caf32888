import { z } from "zod";
import { createReviewLink, listReviewLinks, revokeReviewLink } from "../../domain/review-links/manage-review-links.ts";
import { respondToReviewLink } from "../../domain/review-links/respond-review-link.ts";
import { createReviewLinkBody, reviewResponseInput } from "../../domain/review-links/review-links.schema.ts";
import { publicProcedure, router, workspaceProcedure } from "../init.ts";

export const reviewLinksRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listReviewLinks(ctx.scope)),
  create: workspaceProcedure.input(createReviewLinkBody).mutation(({ ctx, input }) => createReviewLink(ctx.scope, input)),
  revoke: workspaceProcedure.input(z.object({ reviewLinkId: z.uuid() })).mutation(({ ctx, input }) => revokeReviewLink(ctx.scope, input.reviewLinkId)),
  /** the public review page (no sign-in): the token is the credential */
  respond: publicProcedure.input(reviewResponseInput).mutation(({ ctx, input }) => respondToReviewLink(input, ctx.address)),
});
