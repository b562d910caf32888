// Text PostgreSQL cannot store (NUL, lone UTF-16 surrogates) is a 422 naming the field on every
// door (REST, MCP, the dashboard's tRPC), for immediate and scheduled posts alike, and nothing
// is written: no job, no scheduled post, no carousel, no credit, no confirmed media, no post.
import { describe, expect, it } from "vitest";
import { db } from "./db.ts";
import { httpClient, toolError } from "./mcp/test-client.ts";
import { connectAccount } from "./testing/account-fixtures.ts";
import { dashboardSession } from "./testing/dashboard-session.ts";
import { api, createWorkspaceWithKey } from "./testing/fixtures.ts";
import { makeJpeg } from "./testing/media-fixtures.ts";
import { sandboxPosts } from "./testing/platform-fixtures.ts";
import { put, reserve } from "./testing/upload-fixtures.ts";

type Operation = "confirm" | "publish" | "schedule" | "carousel";
type Refusal = { code: string; status?: number; issues: { path: string; location: string; code: string }[] };
type Door = (t: Awaited<ReturnType<typeof createWorkspaceWithKey>>) => Promise<(operation: Operation, input: unknown) => Promise<Refusal>>;

const rest: Door = async (t) => {
  const paths = { confirm: "/api/v1/media/uploads/confirm", publish: "/api/v1/posts", schedule: "/api/v1/scheduled-posts", carousel: "/api/v1/carousels" };
  return async (operation, input) => {
    const res = await api(t.key)("POST", paths[operation], { body: input });
    return { code: res.json?.error?.code, status: res.status, issues: res.json?.error?.details?.issues };
  };
};

const mcp: Door = async (t) => {
  const client = await httpClient(t.key);
  const tools = { confirm: "confirm_media_upload", publish: "publish_post", schedule: "schedule_post", carousel: "create_carousel" };
  return async (operation, input) => {
    const error = await toolError(client, tools[operation], input as Record<string, unknown>);
    return { code: error.code, status: undefined, issues: error.details?.issues };
  };
};

const trpc: Door = async (t) => {
  const mutation = await dashboardSession(t.email, t.password);
  const procedures = { confirm: "media.confirm", publish: "posts.publish", schedule: "schedules.create", carousel: "carousels.create" };
  return async (operation, input) => {
    const res = await mutation(procedures[operation], input);
    return { code: res.json.error?.data?.appCode, status: res.status, issues: res.json.error?.data?.details?.issues };
  };
};

const doors = { REST: rest, MCP: mcp, tRPC: trpc };

describe.each(Object.entries(doors))("the %s door", (name, door) => {
  it("refuses NUL and lone surrogates with 422 naming the field, and writes nothing", async () => {
    const t = await createWorkspaceWithKey();
    const x = await connectAccount(t.scope, "x");
    const bytes = await makeJpeg();
    const reservation = (await reserve(t.key, { fileName: "a.jpg", contentType: "image/jpeg", mediaType: "IMAGE", fileSize: bytes.length })).json;
    expect((await put(reservation.uploadUrl, bytes, reservation.requiredHeaders)).status).toBe(200);
    const call = await door(t);
    const later = new Date(Date.now() + 3_600_000).toISOString();

    const cases: [Operation, unknown, string][] = [
      ["confirm", { fileKey: `${reservation.fileKey}\u0000` }, "fileKey"],
      ["publish", { accountIds: [x.accountId], posts: ["Launch\u0000day"] }, "posts[0]"],
      ["publish", { accountIds: [x.accountId], posts: ["Fine", "half an emoji \ud83d"] }, "posts[1]"],
      ["schedule", { accountIds: [x.accountId], posts: ["Tomorrow\u0000"], scheduledAt: later }, "posts[0]"],
      ["schedule", { accountIds: [x.accountId], posts: ["\ude00 alone"], scheduledAt: later }, "posts[0]"],
      ["carousel", { requestId: crypto.randomUUID(), text: "Remote work\u0000 changed how teams write." }, "text"],
    ];
    for (const [operation, input, path] of cases) {
      const refusal = await call(operation, input);
      expect(refusal, `${operation} ${path}`).toMatchObject({
        code: "VALIDATION_ERROR",
        status: name === "MCP" ? undefined : 422, // a tool error has no HTTP status of its own
        issues: [{ path, location: "body", code: "invalid_characters" }],
      });
    }

    const where = { workspaceId: t.workspace.id };
    expect(await db.publishJob.count({ where })).toBe(0);
    expect(await db.scheduledPost.count({ where })).toBe(0);
    expect(await db.carousel.count({ where })).toBe(0);
    expect(await db.creditLedgerEntry.count({ where: { organizationId: t.organization.id, reason: "CAROUSEL_DEBIT" } })).toBe(0);
    expect(await db.mediaItem.findUniqueOrThrow({ where: { id: reservation.mediaId } })).toMatchObject({ status: "RESERVED", confirmedAt: null });
    expect(await sandboxPosts("x", x.username)).toEqual([]);

    // the same inputs without the refused characters go through
    expect(await api(t.key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: reservation.fileKey } })).toMatchObject({ status: 200 });
  });
});
