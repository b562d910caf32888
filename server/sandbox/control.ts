// The sandbox's own API and page: what was posted, who consented, and fault injection.
//   GET    /_sandbox                 HTML overview (each post's page: post-page.ts)
//   GET    /_sandbox/posts           { posts }   (?provider=&username=)
//   GET    /_sandbox/profiles        { profiles }
//   GET    /_sandbox/operations      { operations: { provider: [name…] } }
//   GET    /_sandbox/faults          { faults }
//   POST   /_sandbox/faults          { provider, kind, operation?, username?, times?, retryAfterSeconds?, delaySeconds? } → 201 { fault }
//                                    (username: only that profile's requests; open routes such as upload URLs have none)
//   DELETE /_sandbox/faults          204
//   PUT    /_sandbox/settings        { processingMs?, accessTokenSeconds?, callDelayMs? } → settings
//   GET    /_sandbox/activity        { activity: [{ profileId, provider, username, first, last, requests, times }] }:
//                                    each profile's platform API requests since the last clear (activity.ts)
//   DELETE /_sandbox/activity        204: clear it (benchmarks do, just before their posts fall due)
//   POST   /_sandbox/posts/seed      { provider: x|threads|linkedin, username, count, days? } → 201 { created }:
//                                    history for a profile (oldest first, spread over `days`), for syncs and demos
//   POST   /_sandbox/reset           204: forget everything
import { html, raw } from "hono/html";
import type { Hono } from "hono";
import { z } from "zod";
import type { Env } from "./kit.ts";
import { faviconLink } from "./favicon.ts";
import { faultKinds, type SandboxProvider, type SandboxState } from "./state.ts";

const providers = ["x", "threads", "linkedin", "tiktok", "instagram", "youtube", "facebook", "mastodon"] as const;

const faultInput = z.strictObject({
  provider: z.enum(providers),
  kind: z.enum(faultKinds),
  operation: z.string().optional(),
  username: z.string().min(1).optional(),
  times: z.number().int().min(1).max(10_000).optional(),
  retryAfterSeconds: z.number().int().min(1).optional(),
  delaySeconds: z.number().min(0).optional(),
});

const settingsInput = z.strictObject({
  processingMs: z.number().int().min(0).max(3_600_000).optional(),
  accessTokenSeconds: z.number().int().min(1).nullable().optional(),
  callDelayMs: z.number().int().min(0).max(60_000).optional(),
});

const seedInput = z.strictObject({
  provider: z.enum(["x", "threads", "linkedin"]),
  username: z.string().min(1),
  count: z.number().int().min(1).max(100_000),
  days: z.number().int().min(1).max(3650).default(365),
});

export function registerControl(app: Hono<Env>, state: SandboxState, operations: Map<SandboxProvider, Set<string>>) {
  app.get("/_sandbox/posts", (c) => {
    const provider = c.req.query("provider") as SandboxProvider | undefined;
    const username = c.req.query("username");
    const posts = state.posts({ provider }).filter((p) => !username || p.username === username);
    return c.json({ posts });
  });
  app.post("/_sandbox/posts/seed", async (c) => {
    const parsed = seedInput.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: parsed.error.issues }, 422);
    const { provider, username, count, days } = parsed.data;
    const profile = state.profiles(provider).find((p) => p.username === username);
    if (!profile) return c.json({ error: `no ${provider} profile @${username}` }, 404);
    const now = Date.now();
    const span = days * 86_400_000;
    for (let i = 0; i < count; i++) {
      state.addPost({
        provider,
        profileId: profile.id,
        username,
        kind: provider === "x" ? "tweet" : "post",
        text: `Seeded post ${i + 1} of ${count}`,
        media: [],
        extra: provider === "linkedin" ? { commentary: `Seeded post ${i + 1} of ${count}`, visibility: "PUBLIC" } : {},
        createdAt: new Date(now - span + Math.floor(((i + 1) * span) / count)).toISOString(),
        permalink: (id) =>
          provider === "x"
            ? `https://x.com/${username}/status/${id}`
            : provider === "threads"
              ? `https://www.threads.net/@${username}/post/${id}`
              : `https://www.linkedin.com/feed/update/urn:li:share:${id}`,
      });
    }
    return c.json({ created: count }, 201);
  });
  app.get("/_sandbox/profiles", (c) => c.json({ profiles: state.profiles() }));
  app.get("/_sandbox/operations", (c) => c.json({ operations: Object.fromEntries([...operations].map(([p, ops]) => [p, [...ops].sort()])) }));
  app.get("/_sandbox/faults", (c) => c.json({ faults: state.faults() }));
  app.post("/_sandbox/faults", async (c) => {
    const parsed = faultInput.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: parsed.error.issues }, 422);
    if (parsed.data.operation && !operations.get(parsed.data.provider)?.has(parsed.data.operation)) {
      return c.json({ error: `unknown operation ${parsed.data.operation}; see GET /_sandbox/operations` }, 422);
    }
    return c.json({ fault: state.addFault(parsed.data) }, 201);
  });
  app.delete("/_sandbox/faults", (c) => {
    state.clearFaults();
    return c.body(null, 204);
  });
  app.put("/_sandbox/settings", async (c) => {
    const parsed = settingsInput.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: parsed.error.issues }, 422);
    if (parsed.data.processingMs !== undefined) state.processingMs = parsed.data.processingMs;
    if (parsed.data.accessTokenSeconds !== undefined) state.accessTokenSeconds = parsed.data.accessTokenSeconds;
    if (parsed.data.callDelayMs !== undefined) state.callDelayMs = parsed.data.callDelayMs;
    return c.json({ processingMs: state.processingMs, accessTokenSeconds: state.accessTokenSeconds, callDelayMs: state.callDelayMs });
  });
  app.get("/_sandbox/activity", (c) =>
    c.json({ activity: state.activity.list().map((a) => ({ ...a, username: state.profile(a.profileId)?.username ?? null })) }),
  );
  app.delete("/_sandbox/activity", (c) => {
    state.activity.clear();
    return c.body(null, 204);
  });
  app.post("/_sandbox/reset", (c) => {
    state.reset();
    return c.body(null, 204);
  });
  app.get("/_sandbox", (c) => {
    const posts = state.posts().slice(-200).reverse();
    const rows = posts
      .map(
        (p) =>
          `<tr><td>${esc(p.createdAt.slice(0, 19).replace("T", " "))}</td><td>${esc(p.provider)}</td><td>@${esc(p.username)}</td><td>${esc(p.kind)}</td>` +
          `<td>${esc(p.text.slice(0, 140))}</td><td>${p.media.length ? esc(p.media.map((m) => `${m.type} ${m.size} B`).join(", ")) : ""}</td>` +
          `<td><a href="/_sandbox/posts/${esc(encodeURIComponent(p.id))}">${esc(p.id)}</a></td></tr>`,
      )
      .join("");
    const profileRows = state
      .profiles()
      .map(
        (p) =>
          `<li>${esc(p.provider)} · @${esc(p.username)} (${esc(p.displayName)})${p.accountType ? ` · ${esc(p.accountType)}` : ""}${p.page ? ` · Page ${esc(p.page.name)} [${esc(p.page.tasks.join(", "))}]` : ""}</li>`,
      )
      .join("");
    const faults = state
      .faults()
      .map((f) => `<li>${esc(f.provider)} ${esc(f.operation ?? "any")}: ${esc(f.kind)} ×${f.remaining}</li>`)
      .join("");
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <title>Platform sandbox</title>
            ${faviconLink}
            <style>
              body {
                font:
                  14px/1.4 system-ui,
                  sans-serif;
                margin: 2rem;
                color: #1c2330;
              }
              table {
                border-collapse: collapse;
                width: 100%;
              }
              td,
              th {
                border-bottom: 1px solid #e3e6eb;
                padding: 0.35rem 0.5rem;
                text-align: left;
                vertical-align: top;
              }
              th {
                background: #f4f5f7;
              }
              code {
                background: #eef1f5;
                padding: 0 0.25rem;
              }
            </style>
          </head>
          <body>
            <h1>Platform sandbox</h1>
            <p>
              Local stand-ins for X, Threads, LinkedIn, TikTok, Instagram, YouTube and Facebook. JSON: <code>/_sandbox/posts</code>,
              <code>/_sandbox/profiles</code>, <code>/_sandbox/faults</code>.
            </p>
            <h2>Posts (${posts.length})</h2>
            <table>
              <tr>
                <th>Time (UTC)</th>
                <th>Platform</th>
                <th>Account</th>
                <th>Kind</th>
                <th>Text</th>
                <th>Media</th>
                <th>Id</th>
              </tr>
              ${raw(rows)}
            </table>
            <h2>Profiles</h2>
            <ul>
              ${raw(profileRows || "<li>none yet</li>")}
            </ul>
            <h2>Active faults</h2>
            <ul>
              ${raw(faults || "<li>none</li>")}
            </ul>
          </body>
        </html>`,
    );
  });
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
