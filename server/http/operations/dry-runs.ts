// POST …/validate: the dry runs of the three publishing writes. Each takes exactly the body of its
// real call and answers what the real call would refuse, with the same error, or what it would send.
import { postGroupBody } from "../../domain/post-groups/post-groups.schema.ts";
import { dryRunSchema } from "../../domain/publishing/dry-run.schema.ts";
import { publishBody } from "../../domain/publishing/publishing.schema.ts";
import { scheduleBody } from "../../domain/scheduling/scheduling.schema.ts";
import { defineOperation } from "../operation.ts";

const common = [
  "Runs every check of the real call and writes nothing: no job, schedule, group or post, and nothing is sent to a platform.",
  "",
  "- Valid: **200** with each target's texts as they would be sent (x: links removed from the first post), each measured as its platform counts it against its limit, and warnings for what is not sent as given.",
  "- Invalid: exactly the answer the real call would give (422 with the same issue paths, 403, 404, 409 for a requestId already used with other input, 503).",
  "- A requestId already used with this same body: `replay: true` (the real call would answer the earlier job or group and create nothing).",
  "",
  "The scope is `posts:read`: a dry run changes nothing.",
].join("\n");

const example = {
  valid: true,
  replay: false,
  targets: [
    {
      accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
      provider: "x",
      username: "acme",
      texts: [{ field: "posts[0]", text: "Launch day! Details:", length: 20, limit: 280, unit: "weighted" }],
      warnings: ["x: links removed from the first post (https://acme.example/launch); x posts carry no links in the first post"],
    },
  ],
};

export const validatePostsOp = defineOperation({
  operationId: "validatePosts",
  method: "POST",
  audited: false,
  path: "/api/v1/posts/validate",
  tag: "Publishing",
  scope: "posts:read",
  summary: "Check a publish request without publishing (dry run)",
  description: `The body of \`POST /api/v1/posts\`. ${common}`,
  body: publishBody,
  bodyExample: { accountIds: ["0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11"], posts: ["Launch day! Details: https://acme.example/launch"] },
  responses: { 200: { description: "Valid: what each account would be sent", schema: dryRunSchema, example } },
  errors: ["NOT_FOUND", "FORBIDDEN", "REQUEST_CONFLICT", "SERVICE_UNAVAILABLE"],
});

export const validateScheduledPostsOp = defineOperation({
  operationId: "validateScheduledPosts",
  method: "POST",
  audited: false,
  path: "/api/v1/scheduled-posts/validate",
  tag: "Scheduling",
  scope: "posts:read",
  summary: "Check a schedule request without scheduling (dry run)",
  description: `The body of \`POST /api/v1/scheduled-posts\` (scheduledAt must be in the future, as there). ${common}`,
  body: scheduleBody,
  bodyExample: {
    accountIds: ["0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11"],
    posts: ["Launch day! Details: https://acme.example/launch"],
    scheduledAt: "2026-12-01T09:00:00+01:00",
    timezone: "Europe/Paris",
  },
  responses: { 200: { description: "Valid: what each account would be sent", schema: dryRunSchema, example } },
  errors: ["NOT_FOUND", "FORBIDDEN", "REQUEST_CONFLICT", "SERVICE_UNAVAILABLE"],
});

export const validatePostGroupOp = defineOperation({
  operationId: "validatePostGroup",
  method: "POST",
  audited: false,
  path: "/api/v1/post-groups/validate",
  tag: "Publishing",
  scope: "posts:read",
  summary: "Check a post group without publishing (dry run)",
  description: `The body of \`POST /api/v1/post-groups\`; issue paths name the target (\`targets[2].youtube.title\`). ${common}`,
  body: postGroupBody,
  bodyExample: {
    requestId: "0f6c2a4e-8b1d-4e3f-9a7c-2d5e8f1a3b6c",
    content: { text: "Launch day! Details: https://acme.example/launch" },
    targets: [{ accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11" }],
  },
  responses: { 200: { description: "Valid: what each target would be sent", schema: dryRunSchema, example } },
  errors: ["NOT_FOUND", "FORBIDDEN", "REQUEST_CONFLICT", "SERVICE_UNAVAILABLE"],
});
