// Mastodon's JSON entities as the sandbox answers them: Account
// (https://docs.joinmastodon.org/entities/Account/), Status (…/entities/Status/), MediaAttachment
// (…/entities/MediaAttachment/) and Application (…/entities/Application/).
import type { PlatformObject, Profile, SandboxPost } from "../state.ts";

export type MastodonApp = {
  instance: string;
  name: string;
  website: string | null;
  redirectUris: string[];
  scopes: string[];
  clientSecret: string;
};

export type MastodonMedia = { instance: string; kind: "image" | "video" | "gifv" | "audio"; description: string | null; statusId?: string; ext: string };

export type StatusExtra = {
  instance: string;
  visibility: "public" | "unlisted" | "private" | "direct";
  spoilerText: string;
  sensitive: boolean;
  language: string | null;
  idempotencyKey?: string;
  mediaIds: string[];
  application: { name: string; website: string | null };
};

export const instanceUrl = (instance: string) => `https://${instance}`;

export function accountEntity(p: Profile, instance: string, statusesCount: number) {
  return {
    id: p.id,
    username: p.username,
    acct: p.username,
    display_name: p.displayName,
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: `${p.createdAt.slice(0, 10)}T00:00:00.000Z`,
    note: "",
    url: `${instanceUrl(instance)}/@${p.username}`,
    uri: `${instanceUrl(instance)}/users/${p.username}`,
    avatar: `${instanceUrl(instance)}/avatars/original/missing.png`,
    avatar_static: `${instanceUrl(instance)}/avatars/original/missing.png`,
    header: `${instanceUrl(instance)}/headers/original/missing.png`,
    header_static: `${instanceUrl(instance)}/headers/original/missing.png`,
    followers_count: 0,
    following_count: 0,
    statuses_count: statusesCount,
    last_status_at: null,
    emojis: [],
    fields: [],
  };
}

/** verify_credentials adds `source` (the plain-text profile and posting defaults). */
export function credentialAccountEntity(p: Profile, instance: string, statusesCount: number) {
  return {
    ...accountEntity(p, instance, statusesCount),
    source: { privacy: "public", sensitive: false, language: "", note: "", fields: [], follow_requests_count: 0 },
  };
}

export function mediaEntity(o: PlatformObject, baseUrl: string, ready: boolean) {
  const d = o.data as MastodonMedia;
  const files = `${baseUrl}/mastodon/${d.instance}/system/media_attachments/files/${o.id}`;
  return {
    id: o.id,
    type: d.kind,
    url: ready ? `${files}/original/${o.id}.${d.ext}` : null,
    preview_url: d.kind === "audio" ? null : `${files}/small/${o.id}.${d.kind === "image" ? d.ext : "png"}`,
    remote_url: null,
    preview_remote_url: null,
    text_url: null,
    meta: ready ? { original: {} } : null,
    description: d.description,
    blurhash: d.kind === "audio" ? null : "UFBWY:8_0Jxv4mx]t8t64.%M-:IUWGWAt6M}",
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Mastodon renders plain text as HTML paragraphs, with line breaks and links. */
export function contentHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map(
      (para) =>
        `<p>${escapeHtml(para)
          .replace(/https?:\/\/[^\s<>&]+/g, (u) => `<a href="${u}" rel="nofollow noopener noreferrer" target="_blank">${u}</a>`)
          .replace(/\n/g, "<br />")}</p>`,
    )
    .join("");
}

export function statusEntity(
  post: SandboxPost,
  deps: { account: Record<string, unknown>; media: Record<string, unknown>[]; replyToAccountId: string | null; withSource?: boolean },
) {
  const x = post.extra as unknown as StatusExtra;
  const m = post.metrics;
  return {
    id: post.id,
    uri: `${instanceUrl(x.instance)}/users/${post.username}/statuses/${post.id}`,
    url: post.permalink,
    created_at: post.createdAt,
    edited_at: null,
    account: deps.account,
    content: contentHtml(post.text),
    visibility: x.visibility,
    sensitive: x.sensitive,
    spoiler_text: x.spoilerText,
    media_attachments: deps.media,
    application: x.application,
    mentions: [],
    tags: [],
    emojis: [],
    reblogs_count: m.reposts ?? 0,
    favourites_count: m.likes ?? 0,
    replies_count: m.replies ?? 0,
    quotes_count: m.quotes ?? 0,
    in_reply_to_id: post.replyTo ?? null,
    in_reply_to_account_id: deps.replyToAccountId,
    reblog: null,
    poll: null,
    card: null,
    language: x.language,
    ...(deps.withSource ? { text: post.text } : {}),
    favourited: false,
    reblogged: false,
    muted: false,
    bookmarked: false,
    pinned: false,
  };
}
