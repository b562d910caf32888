import { z } from "zod";
import { validatePostGroup } from "../../domain/post-groups/validate-post-group.ts";
import { postGroupBody } from "../../domain/post-groups/post-groups.schema.ts";
import { validatePosts, validateScheduledPosts } from "../../domain/publishing/dry-run.ts";
import { dryRunSchema } from "../../domain/publishing/dry-run.schema.ts";
import { publishBody } from "../../domain/publishing/publishing.schema.ts";
import { scheduleBody } from "../../domain/scheduling/scheduling.schema.ts";
import { defineTool } from "../tool.ts";

const kinds = ["publish", "schedule", "postGroup"] as const;

export const validatePostTool = defineTool({
  name: "validate_post",
  scope: "posts:read",
  title: "Check a post without publishing it",
  description: [
    "A dry run: give exactly one of publish (the input of publish_post), schedule (of schedule_post) or postGroup (of publish_post_group).",
    "Every check of the real call runs and nothing is written or sent. Valid: valid true and, per account, each text as it would be sent (x without the links of its first post) with its length as the platform counts it, its limit and warnings.",
    "Invalid: the same error the real call would give (issue paths such as posts[0] or targets[2].youtube.title). Use it before publishing to fix a post without side effects.",
  ].join(" "),
  input: z
    .strictObject({
      publish: publishBody.optional(),
      schedule: scheduleBody.optional(),
      postGroup: postGroupBody.optional(),
    })
    .superRefine((input, ctx) => {
      const given = kinds.filter((k) => input[k] !== undefined);
      if (given.length !== 1) ctx.addIssue({ code: "custom", message: `give exactly one of ${kinds.join(", ")} (${given.length} given)`, path: [] });
    }),
  output: dryRunSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) =>
    input.publish
      ? validatePosts(scope, input.publish)
      : input.schedule
        ? validateScheduledPosts(scope, input.schedule)
        : validatePostGroup(scope, input.postGroup!),
});
