// The sandbox's page of one post: what the platform received (text, media as sent with their alt
// text, thread replies and comments, metrics), beside the link the real platform would have. In
// sandbox mode the dashboard's permalinks open these pages (server/sandbox/sandbox-link.ts).
//   GET /_sandbox/open?permalink=   302 to the page of the post with that permalink, or a 404 page
//   GET /_sandbox/posts/:id         the page (HTML)
//   GET /_sandbox/media/:sha256     the bytes of a medium received (kept by media-store.ts)
import fs from "node:fs";
import { Readable } from "node:stream";
import type { Hono } from "hono";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { Env } from "./kit.ts";
import { faviconLink } from "./favicon.ts";
import { MAX_KEPT_BYTES } from "./media-store.ts";
import type { SandboxPost, SandboxProvider, SandboxState } from "./state.ts";

const platformNames: Record<SandboxProvider, string> = {
  x: "X",
  threads: "Threads",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  instagram: "Instagram",
  youtube: "YouTube",
  facebook: "Facebook",
  mastodon: "Mastodon",
};

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export function registerPostPages(app: Hono<Env>, state: SandboxState) {
  app.get("/_sandbox/open", (c) => {
    const permalink = c.req.query("permalink") ?? "";
    const post = postWithPermalink(state, permalink);
    if (post) return c.redirect(`/_sandbox/posts/${encodeURIComponent(post.id)}`, 302);
    return c.html(noSuchPost(permalink), 404);
  });

  app.get("/_sandbox/posts/:id", (c) => {
    const post = state.post(c.req.param("id"));
    if (!post)
      return c.html(
        page(
          "No such post",
          html`<h1>No such post</h1>
            <p><a href="/_sandbox">Every post in the sandbox</a></p>`,
        ),
        404,
      );
    return c.html(page(`${platformNames[post.provider]} post by @${post.username} (sandbox)`, postBody(state, post)));
  });

  app.get("/_sandbox/media/:sha256", (c) => {
    const file = state.media.file(c.req.param("sha256"));
    if (!file) return c.json({ error: "this medium is not kept" }, 404);
    const head = Buffer.alloc(16);
    const fd = fs.openSync(file, "r");
    fs.readSync(fd, head, 0, 16, 0);
    fs.closeSync(fd);
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream;
    return c.body(body, 200, { "content-type": sniff(head), "content-length": String(fs.statSync(file).size), "cache-control": "private, max-age=3600" });
  });
}

/** The 404 page of /_sandbox/open: no post with that permalink. */
export function noSuchPost(permalink: string): Html {
  return page(
    "No such post in the sandbox",
    html`<h1>No such post in the sandbox</h1>
      <p>The platform sandbox has no post with the permalink <code>${permalink}</code>. It may have been posted before the sandbox was reset.</p>
      <p><a href="/_sandbox">Every post in the sandbox</a></p>`,
  );
}

/** The post a permalink names: the first one posted with it (a Threads repost shares its original's). */
function postWithPermalink(state: SandboxState, permalink: string): SandboxPost | undefined {
  if (!permalink) return undefined;
  return state.posts().find((p) => p.permalink === permalink);
}

/** A medium's type from its first bytes, for the browser to render it. */
function sniff(head: Buffer): string {
  const hex = head.toString("hex");
  if (hex.startsWith("ffd8ff")) return "image/jpeg";
  if (hex.startsWith("89504e47")) return "image/png";
  if (hex.startsWith("47494638")) return "image/gif";
  if (hex.startsWith("52494646") && head.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  if (hex.startsWith("1a45dfa3")) return "video/webm";
  if (head.toString("latin1", 4, 8) === "ftyp") return head.toString("latin1", 8, 10) === "qt" ? "video/quicktime" : "video/mp4";
  if (hex.startsWith("25504446")) return "application/pdf";
  return "application/octet-stream";
}

function postBody(state: SandboxState, post: SandboxPost): Html {
  const name = platformNames[post.provider];
  const parent = post.replyTo ? state.post(post.replyTo) : undefined;
  const replies = conversation(state, post);
  const comments = commentsOf(post);
  return html`<p class="banner" role="note">
      This post exists only in the Posteady <strong>platform sandbox</strong>, which stands in for ${name}: this page shows what ${name} received.
      <span class="real">Link on the real ${name} (it does not exist there): <a href="${post.permalink}" rel="noreferrer">${post.permalink}</a></span>
    </p>
    <h1>${name} post by @${post.username}</h1>
    <p class="muted">
      ${post.kind} · posted ${post.createdAt.slice(0, 19).replace("T", " ")} UTC · id <code>${post.id}</code>${post.deleted ? " · deleted" : ""}
    </p>
    ${parent ? html`<p>In reply to <a href="/_sandbox/posts/${parent.id}">@${parent.username}: ${parent.text.slice(0, 80) || parent.id}</a></p>` : ""}
    <section aria-labelledby="text">
      <h2 id="text">Text</h2>
      ${post.text ? html`<p class="text" data-testid="sandbox-text">${post.text}</p>` : html`<p class="muted">No text.</p>`}
    </section>
    <section aria-labelledby="media">
      <h2 id="media">Media (${post.media.length})</h2>
      ${
        post.media.length === 0
          ? html`<p class="muted">No media.</p>`
          : html`<ul class="media">
              ${post.media.map((m, i) => medium(state, post, m, i))}
            </ul>`
      }
    </section>
    <section aria-labelledby="replies">
      <h2 id="replies">Replies and comments (${replies.length + comments.length})</h2>
      ${
        replies.length + comments.length === 0
          ? html`<p class="muted">None.</p>`
          : html`<ul class="replies">
              ${replies.map(
                ({ reply: r, to }) =>
                  html`<li data-testid="sandbox-reply">
                    <a href="/_sandbox/posts/${r.id}">Reply by @${r.username}</a>${to.id === post.id ? "" : `, answering @${to.username}'s reply above`}
                    (${r.createdAt.slice(0, 19).replace("T", " ")} UTC)
                    <p class="text">${r.text}</p>
                  </li>`,
              )}
              ${comments.map(
                (k) =>
                  html`<li data-testid="sandbox-reply">
                    Comment${k.author ? ` by ${k.author}` : ""}${k.time ? ` (${k.time})` : ""}
                    <p class="text">${k.text}</p>
                  </li>`,
              )}
            </ul>`
      }
    </section>
    <section aria-labelledby="metrics">
      <h2 id="metrics">Metrics</h2>
      <p class="muted">The numbers the sandbox's read APIs report for this post (generated, steady for a given post).</p>
      <dl class="metrics" data-testid="sandbox-metrics">
        ${Object.entries(post.metrics).map(
          ([k, v]) =>
            html`<div>
              <dt>${k}</dt>
              <dd>${v.toLocaleString("en-US")}</dd>
            </div>`,
        )}
      </dl>
    </section>
    <p><a href="/_sandbox">Every post in the sandbox</a></p>`;
}

function medium(state: SandboxState, post: SandboxPost, m: SandboxPost["media"][number], i: number): Html {
  const alt = altTextOf(state, post, i);
  const kept = state.media.file(m.sha256) ? `/_sandbox/media/${m.sha256}` : undefined;
  const label = `${m.type} ${i + 1} of ${post.media.length}`;
  const shown = !kept
    ? html`<p class="muted">
        Not kept by the sandbox${m.size > MAX_KEPT_BYTES ? ` (larger than ${MAX_KEPT_BYTES / 1024 ** 2} MB)` : ""}: only its size and hash are known.
      </p>`
    : m.type === "video" || m.type === "animated_gif"
      ? html`<video controls preload="metadata" src="${kept}" aria-label="${alt ? `${label}: ${alt}` : label}"></video>`
      : m.type === "document"
        ? html`<a href="${kept}">Open the document</a>`
        : html`<img src="${kept}" alt="${alt || `${label}, sent without alt text`}" />`;
  return html`<li>
    <figure>
      ${shown}
      <figcaption>
        <span data-testid="sandbox-alt"
          >${alt === undefined ? `${platformNames[post.provider]} takes no alt text here.` : alt ? `Alt text: ${alt}` : "No alt text."}</span
        >
        <span class="muted"
          >${label} · ${m.size.toLocaleString("en-US")} bytes${m.contentType ? ` · ${m.contentType}` : ""} · sha256 ${m.sha256.slice(0, 12)}…</span
        >
      </figcaption>
    </figure>
  </li>`;
}

/** The alt text a platform keeps for a post's i-th medium: a string, null (none given), or undefined (no such field there). */
function altTextOf(state: SandboxState, post: SandboxPost, i: number): string | null | undefined {
  const e = post.extra as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  switch (post.provider) {
    case "x":
      return str((e.media as { alt_text?: string }[] | undefined)?.[i]?.alt_text);
    case "instagram":
      return str((e.altTexts as (string | null)[] | undefined)?.[i]);
    case "linkedin": {
      const content = e.content as { media?: { altText?: string }; multiImage?: { images?: { altText?: string }[] } } | undefined;
      return str(content?.multiImage?.images?.[i]?.altText ?? (i === 0 ? content?.media?.altText : undefined));
    }
    case "threads": {
      const children = e.children as string[] | undefined;
      return children?.length ? str(state.object(children[i] ?? "")?.data.altText) : str(e.altText);
    }
    default:
      return undefined;
  }
}

/** The replies under a post, its thread's and anyone's, breadth first: a thread's next post, then a first comment under it. */
function conversation(state: SandboxState, post: SandboxPost): { reply: SandboxPost; to: SandboxPost }[] {
  const replies = state.posts({ provider: post.provider }).filter((p) => p.replyTo && !p.deleted);
  const out: { reply: SandboxPost; to: SandboxPost }[] = [];
  const queue = [post];
  for (let parent = queue.shift(); parent && out.length < 500; parent = queue.shift()) {
    for (const reply of replies) {
      if (reply.replyTo !== parent.id) continue;
      out.push({ reply, to: parent });
      queue.push(reply);
    }
  }
  return out;
}

/** Comments kept on a post (LinkedIn, Instagram, Facebook), whatever each platform calls their fields. */
function commentsOf(post: SandboxPost): { text: string; author?: string; time?: string }[] {
  const list = (post.extra.comments ?? []) as Record<string, unknown>[];
  return list.map((k) => {
    const from = k.from as { name?: string } | undefined;
    const author = typeof k.username === "string" ? `@${k.username}` : (from?.name ?? (typeof k.actor === "string" ? k.actor : undefined));
    const time = typeof k.time === "number" ? new Date(k.time).toISOString() : ((k.timestamp ?? k.createdAt) as string | undefined);
    return { text: String(k.text ?? k.message ?? ""), author, time: time?.slice(0, 19).replace("T", " ") };
  });
}

/** The sandbox's page shell (also Bluesky's record pages, server/sandbox/bluesky/pds-post-page.ts). */
export function page(title: string, body: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        ${faviconLink}
        <style>
          :root {
            color-scheme: light dark;
            --fg: #1c2330;
            --bg: #f4f5f7;
            --card: #fff;
            --muted: #4f596a;
            --line: #d8dde6;
            --link: #1d4ed8;
            --note: #fff7d6;
            --note-line: #e3c04c;
          }
          @media (prefers-color-scheme: dark) {
            :root {
              --fg: #e6e9ef;
              --bg: #11151c;
              --card: #1b212b;
              --muted: #a9b1bf;
              --line: #343c4a;
              --link: #93b4ff;
              --note: #3a3215;
              --note-line: #8a7426;
            }
          }
          body {
            font:
              15px/1.5 system-ui,
              sans-serif;
            background: var(--bg);
            color: var(--fg);
            margin: 0;
          }
          main {
            max-width: 46rem;
            margin: 1.5rem auto;
            background: var(--card);
            border-radius: 10px;
            padding: 1.25rem 1.5rem;
          }
          a {
            color: var(--link);
          }
          h1 {
            font-size: 1.35rem;
            margin: 0.75rem 0 0.25rem;
          }
          h2 {
            font-size: 1.05rem;
            margin: 1.25rem 0 0.5rem;
          }
          .muted {
            color: var(--muted);
            font-size: 0.9rem;
          }
          .banner {
            background: var(--note);
            border: 1px solid var(--note-line);
            border-radius: 8px;
            padding: 0.6rem 0.8rem;
            margin: 0;
          }
          .real {
            display: block;
            word-break: break-all;
          }
          .text {
            white-space: pre-wrap;
            margin: 0.25rem 0;
          }
          ul.media,
          ul.replies {
            list-style: none;
            padding: 0;
          }
          ul.replies li {
            border-top: 1px solid var(--line);
            padding: 0.5rem 0;
          }
          figure {
            margin: 0 0 1rem;
          }
          img,
          video {
            max-width: 100%;
            max-height: 28rem;
            border-radius: 6px;
            display: block;
          }
          figcaption span {
            display: block;
          }
          dl.metrics {
            display: grid;
            grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr));
            gap: 0.5rem;
          }
          dl.metrics div {
            border: 1px solid var(--line);
            border-radius: 6px;
            padding: 0.35rem 0.5rem;
          }
          dt {
            color: var(--muted);
            font-size: 0.85rem;
          }
          dd {
            margin: 0;
            font-weight: 600;
          }
          code {
            word-break: break-all;
          }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}
