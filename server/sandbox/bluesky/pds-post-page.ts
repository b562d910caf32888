// The sandbox's page of a Bluesky post. Bluesky's posts live on the real local PDS, not in the
// sandbox's state, so /_sandbox/open (post-page.ts) cannot find them: for a bsky.app permalink
// this page reads the record from the PDS (com.atproto.repo.getRecord, as any client does) and
// shows it in the sandbox's post page look. Registered before post-page.ts's route, which answers
// every other permalink.
import type { Context, Hono } from "hono";
import { html } from "hono/html";
import type { Env } from "../kit.ts";
import { noSuchPost, page, type Html } from "../post-page.ts";

const permalinkPattern = /^https:\/\/bsky\.app\/profile\/([^/?#]+)\/post\/([A-Za-z0-9._:~-]+)$/;
const POST = "app.bsky.feed.post";

type Blob = { ref?: { $link?: string }; mimeType?: string; size?: number };
type Image = { image?: Blob; alt?: string };
type Embed = { $type?: string; images?: Image[]; media?: Embed; external?: { uri?: string; title?: string } };
type PostRecord = {
  text?: string;
  createdAt?: string;
  reply?: { root?: { uri?: string }; parent?: { uri?: string } };
  embed?: Embed;
};
type Listed = { uri: string; value: PostRecord };

/** The page's link for a post's at:// URI: the sandbox's own page of its bsky.app permalink. */
function openLink(uri: string): string {
  const [, , did, , rkey] = uri.split("/");
  return `/_sandbox/open?${new URLSearchParams({ permalink: `https://bsky.app/profile/${did}/post/${rkey}` })}`;
}

async function xrpc<T>(pdsUrl: string, method: string, params: Record<string, string>): Promise<T | undefined> {
  const res = await fetch(`${pdsUrl}/xrpc/${method}?${new URLSearchParams(params)}`);
  return res.ok ? ((await res.json()) as T) : undefined;
}

/**
 * Serves /_sandbox/open for bsky.app permalinks; anything else goes on to post-page.ts.
 * pdsUrl is undefined while the PDS has not started (then no post can be on it).
 */
export function registerPdsPostPage(app: Hono<Env>, pdsUrl: () => Promise<string | undefined>) {
  app.get("/_sandbox/open", async (c, next) => {
    const permalink = c.req.query("permalink") ?? "";
    const match = permalinkPattern.exec(permalink);
    if (!match) return next();
    const url = await pdsUrl();
    const shown = url ? await postPage(url, permalink, decodeURIComponent(match[1]!), match[2]!) : undefined;
    return shown ? c.html(shown) : notFound(c, permalink);
  });
}

function notFound(c: Context<Env>, permalink: string) {
  return c.html(noSuchPost(permalink), 404);
}

async function postPage(pdsUrl: string, permalink: string, actor: string, rkey: string): Promise<Html | undefined> {
  const did = actor.startsWith("did:") ? actor : (await xrpc<{ did: string }>(pdsUrl, "com.atproto.identity.resolveHandle", { handle: actor }))?.did;
  if (!did) return undefined;
  const record = await xrpc<{ uri: string; cid?: string; value: PostRecord }>(pdsUrl, "com.atproto.repo.getRecord", { repo: did, collection: POST, rkey });
  if (!record) return undefined;
  const handle = (await xrpc<{ handle?: string }>(pdsUrl, "com.atproto.repo.describeRepo", { repo: did }))?.handle ?? did;
  const replies = await repliesInRepo(pdsUrl, did, record.uri);
  return page(`Bluesky post by @${handle} (sandbox)`, body(permalink, handle, did, record, replies));
}

/** The account's own replies under the post (its thread), breadth first: a PDS holds one account's records, not others' replies. */
async function repliesInRepo(pdsUrl: string, did: string, uri: string): Promise<Listed[]> {
  const listed = await xrpc<{ records: Listed[] }>(pdsUrl, "com.atproto.repo.listRecords", { repo: did, collection: POST, limit: "100" });
  const all = listed?.records ?? [];
  const out: Listed[] = [];
  const queue = [uri];
  for (let parent = queue.shift(); parent; parent = queue.shift()) {
    const children = all.filter((r) => r.value.reply?.parent?.uri === parent).reverse(); // listRecords is newest first
    out.push(...children);
    queue.push(...children.map((r) => r.uri));
  }
  return out;
}

const time = (iso: string | undefined) => (iso ? `${iso.slice(0, 19).replace("T", " ")} UTC` : "unknown time");

function body(permalink: string, handle: string, did: string, record: { uri: string; cid?: string; value: PostRecord }, replies: Listed[]): Html {
  const post = record.value;
  const embed = post.embed?.media ?? post.embed;
  const images = embed?.images ?? [];
  const parent = post.reply?.parent?.uri;
  const root = post.reply?.root?.uri;
  return html`<p class="banner" role="note">
      This post exists only in the Posteady <strong>platform sandbox</strong>, on its local Bluesky server (a real PDS): this page shows the record it keeps.
      <span class="real">Link on the real Bluesky (it does not exist there): <a href="${permalink}" rel="noreferrer">${permalink}</a></span>
    </p>
    <h1>Bluesky post by @${handle}</h1>
    <p class="muted">posted ${time(post.createdAt)} · <code>${record.uri}</code></p>
    ${parent ? html`<p>In reply to <a href="${openLink(parent)}" data-testid="sandbox-parent">${parent}</a></p>` : ""}
    ${root && root !== parent ? html`<p>Thread starts at <a href="${openLink(root)}">${root}</a></p>` : ""}
    <section aria-labelledby="text">
      <h2 id="text">Text</h2>
      ${post.text ? html`<p class="text" data-testid="sandbox-text">${post.text}</p>` : html`<p class="muted">No text.</p>`}
      ${embed?.external?.uri ? html`<p>Link card: <a href="${embed.external.uri}" rel="noreferrer">${embed.external.title || embed.external.uri}</a></p>` : ""}
    </section>
    <section aria-labelledby="media">
      <h2 id="media">Media (${images.length})</h2>
      ${
        images.length === 0
          ? html`<p class="muted">No media.</p>`
          : html`<ul class="media">
              ${images.map((m, i) => image(did, m, i, images.length))}
            </ul>`
      }
    </section>
    <section aria-labelledby="replies">
      <h2 id="replies">Thread replies (${replies.length})</h2>
      ${
        replies.length === 0
          ? html`<p class="muted">None.</p>`
          : html`<ul class="replies">
              ${replies.map(
                (r) =>
                  html`<li data-testid="sandbox-reply">
                    <a href="${openLink(r.uri)}">Reply by @${handle}</a> (${time(r.value.createdAt)})
                    <p class="text">${r.value.text ?? ""}</p>
                  </li>`,
              )}
            </ul>`
      }
    </section>
    <p><a href="/_sandbox">Every post in the sandbox</a></p>`;
}

function image(did: string, m: Image, i: number, count: number): Html {
  const cid = m.image?.ref?.$link;
  const label = `image ${i + 1} of ${count}`;
  // the blob through the sandbox's own /xrpc/ door to the PDS
  const src = cid ? `/xrpc/com.atproto.sync.getBlob?${new URLSearchParams({ did, cid })}` : undefined;
  return html`<li>
    <figure>
      ${src ? html`<img src="${src}" alt="${m.alt || `${label}, sent without alt text`}" />` : ""}
      <figcaption>
        <span data-testid="sandbox-alt">${m.alt ? `Alt text: ${m.alt}` : "No alt text."}</span>
        <span class="muted"
          >${label}${m.image?.size ? ` · ${m.image.size.toLocaleString("en-US")} bytes` : ""}${m.image?.mimeType ? ` · ${m.image.mimeType}` : ""}</span
        >
      </figcaption>
    </figure>
  </li>`;
}
