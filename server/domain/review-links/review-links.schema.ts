// Client review links as the API takes and shows them (docs/teams.md, "Client review links").
import { z } from "zod";

export const MAX_REVIEW_LINK_DAYS = 90;
export const DEFAULT_REVIEW_LINK_DAYS = 14;
export const MAX_REVIEW_LINK_GROUPS = 50;

export const createReviewLinkBody = z
  .strictObject({
    postGroupIds: z
      .array(z.uuid())
      .min(1)
      .max(MAX_REVIEW_LINK_GROUPS)
      .meta({ description: `The post groups the client reviews on one page (a week's plan, say): 1 to ${MAX_REVIEW_LINK_GROUPS}` }),
    expiresAt: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({
        description: `When the link stops working: in the future, at most ${MAX_REVIEW_LINK_DAYS} days ahead; omitted: ${DEFAULT_REVIEW_LINK_DAYS} days`,
      }),
  })
  .meta({ id: "CreateReviewLinkRequest" });
export type CreateReviewLinkBody = z.output<typeof createReviewLinkBody>;

export const reviewLinkSchema = z
  .object({
    reviewLinkId: z.uuid(),
    postGroupIds: z.array(z.uuid()),
    expiresAt: z.iso.datetime({ offset: true }),
    status: z.enum(["active", "expired", "revoked"]).meta({ description: "active: it opens; expired or revoked: it answers 410" }),
    createdBy: z.string().meta({ description: "Who created it: a member's email, or an API key's name and prefix" }),
    responses: z.number().int().meta({ description: "Decisions clients sent through it (approvals and change requests)" }),
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ReviewLink" });
export type ReviewLinkView = z.infer<typeof reviewLinkSchema>;

export const reviewLinkWithUrlSchema = reviewLinkSchema
  .extend({ url: z.string().meta({ description: "The page to send to the client: shown only here (only its hash is kept)" }) })
  .meta({ id: "ReviewLinkWithUrl" });

export const reviewLinkListSchema = z.object({ reviewLinks: z.array(reviewLinkSchema) }).meta({ id: "ReviewLinkList" });

export const reviewLinkParams = z.strictObject({ id: z.uuid() });

/** What the client sends from the page, once per post group. */
export const reviewResponseInput = z
  .strictObject({
    token: z.string().max(100),
    postGroupId: z.uuid(),
    /** made by the page once per form: a second submission of the same form (a double click, a retry) records nothing more */
    submissionId: z.uuid(),
    name: z.string().trim().min(1, "Say who you are").max(80),
    decision: z.enum(["approve", "request_changes"]),
    comment: z.string().trim().max(5000).default(""),
  })
  .refine((r) => r.decision === "approve" || r.comment.length > 0, { path: ["comment"], message: "Say what should change" });
export type ReviewResponseInput = z.input<typeof reviewResponseInput>;
