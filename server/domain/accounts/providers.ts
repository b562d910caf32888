// The provider table: one entry per network, the facts the domain and the dashboard both read
// (client-safe: pure data, no adapter code). The list of providers, the `provider` enums of the
// OpenAPI document and the MCP schemas, labels, badges, connect buttons, the composer's thread
// and first-comment rules and the capabilities' scopes are derived from it. What runs against a
// platform is keyed by the same names, once per concern and complete by type (Record<ProviderName, …>):
// adapters (server/platforms/registry.ts), publishing modes (server/domain/publishing/modes),
// sandboxes (server/sandbox/provider-modules.ts), `platforms check`. Adding one: docs/architecture.md,
// "Adding a provider". The PostgreSQL enum `Provider` (prisma/schema.prisma) lists the same names.

/** Scope names as the platform spells them; each inner list is one way to have the ability (all of it granted). */
type ScopeAlternatives = readonly (readonly string[])[];

export type ProviderFacts = {
  /** as people name the network */
  label: string;
  /** SPEC.md: `text` providers publish at once through POST /posts; `media` ones through asynchronous media jobs */
  publishing: "text" | "media";
  /** a post can be a thread of replies */
  threads: boolean;
  /** takes a post group's first comment (otherwise refused, issue 31) */
  firstComment: boolean;
  /** the posts it lists say when their metrics were read (SPEC.md `metricsUpdatedAt`) */
  metricsUpdatedAt: boolean;
  /** the scopes each capability needs (SPEC.md "Rules for accounts and capabilities"); repost null: the platform has none */
  scopes: { read: ScopeAlternatives; publish: ScopeAlternatives; repost: ScopeAlternatives | null };
  /** how long before its access token expires it is refreshed (long-lived tokens well ahead, short ones just in time) */
  refreshMarginMs: number;
  /**
   * How an account connects. `oauth`: OAuth 2.0 through this installation's app registration,
   * which the provider's adapter drives; `apps`: further registrations, each with its own connect
   * button; `instance`: the user names their server first and the app is registered there
   * (Mastodon). `password`: the user gives a handle and an app password for their server (Bluesky).
   */
  connect: { method: "oauth"; apps?: readonly { app: "login-kit"; label: string }[]; instance?: boolean } | { method: "password"; apps?: undefined };
  /** the dashboard's badge: a background (Tailwind classes) and a glyph */
  badge: { className: string; glyph: string };
};

const MINUTE = 60_000;
const DAY = 86_400_000;

const table = {
  threads: {
    label: "Threads",
    publishing: "text",
    threads: true,
    firstComment: true,
    metricsUpdatedAt: false,
    scopes: { read: [["threads_basic"]], publish: [["threads_content_publish"]], repost: [["threads_content_publish"]] },
    refreshMarginMs: 7 * DAY,
    connect: { method: "oauth" },
    badge: { className: "bg-neutral-900", glyph: "@" },
  },
  x: {
    label: "X",
    publishing: "text",
    threads: true,
    firstComment: true,
    metricsUpdatedAt: false,
    scopes: { read: [["tweet.read"]], publish: [["tweet.write"]], repost: [["tweet.write"]] },
    refreshMarginMs: 15 * MINUTE,
    connect: { method: "oauth" },
    badge: { className: "bg-black", glyph: "X" },
  },
  linkedin: {
    label: "LinkedIn",
    publishing: "text",
    threads: false,
    firstComment: true,
    metricsUpdatedAt: false,
    scopes: {
      read: [["r_member_social"], ["r_organization_social"]],
      publish: [["w_member_social"], ["w_organization_social"]],
      repost: [["w_member_social"], ["w_organization_social"]],
    },
    refreshMarginMs: 7 * DAY,
    connect: { method: "oauth" },
    badge: { className: "bg-[#0a66c2]", glyph: "in" },
  },
  tiktok: {
    label: "TikTok",
    publishing: "media",
    threads: false,
    firstComment: false,
    metricsUpdatedAt: true,
    scopes: { read: [["video.list"]], publish: [["video.publish"]], repost: null },
    refreshMarginMs: 15 * MINUTE,
    connect: { method: "oauth", apps: [{ app: "login-kit", label: "TikTok (Login Kit)" }] },
    badge: { className: "bg-[#111] ring-2 ring-[#25f4ee]", glyph: "♪" },
  },
  instagram: {
    label: "Instagram",
    publishing: "media",
    threads: false,
    firstComment: true,
    metricsUpdatedAt: true,
    scopes: {
      read: [["instagram_business_basic"], ["instagram_basic"]],
      publish: [["instagram_business_content_publish"], ["instagram_content_publish"]],
      repost: null,
    },
    refreshMarginMs: 7 * DAY,
    connect: { method: "oauth" },
    badge: { className: "bg-gradient-to-br from-[#f58529] via-[#dd2a7b] to-[#515bd4]", glyph: "◎" },
  },
  youtube: {
    label: "YouTube",
    publishing: "media",
    threads: false,
    firstComment: false,
    metricsUpdatedAt: true,
    scopes: { read: [["youtube.readonly"], ["youtube"]], publish: [["youtube.upload"]], repost: null },
    refreshMarginMs: 10 * MINUTE,
    connect: { method: "oauth" },
    badge: { className: "bg-[#ff0000]", glyph: "▶" },
  },
  facebook: {
    label: "Facebook",
    publishing: "media",
    threads: false,
    firstComment: true,
    metricsUpdatedAt: false,
    scopes: { read: [["pages_read_engagement"]], publish: [["pages_manage_posts"]], repost: null },
    // Page tokens do not expire
    refreshMarginMs: 0,
    connect: { method: "oauth" },
    badge: { className: "bg-[#1877f2]", glyph: "f" },
  },
  // The two below are additions to SPEC.md's seven (issue 48); they publish like its text providers.
  bluesky: {
    label: "Bluesky",
    publishing: "text",
    threads: true,
    firstComment: true,
    metricsUpdatedAt: false,
    // An app password grants the whole account: no scopes to check.
    scopes: { read: [[]], publish: [[]], repost: [[]] },
    // access JWTs live about two hours; refreshed just before
    refreshMarginMs: 15 * MINUTE,
    connect: { method: "password" },
    badge: { className: "bg-[#1185fe]", glyph: "🦋" },
  },
  mastodon: {
    label: "Mastodon",
    publishing: "text",
    threads: true,
    firstComment: true,
    metricsUpdatedAt: false,
    scopes: { read: [["read"], ["read:statuses"]], publish: [["write"], ["write:statuses"]], repost: null },
    // tokens do not expire
    refreshMarginMs: 0,
    connect: { method: "oauth", instance: true },
    badge: { className: "bg-[#563acc]", glyph: "M" },
  },
} as const satisfies Record<string, ProviderFacts>;

export type ProviderName = keyof typeof table;

/** The table, each entry read through the same shape. */
export const providerTable: Readonly<Record<ProviderName, ProviderFacts>> = table;

/** Every provider, in the table's order (the order of the `provider` enums). */
export const providers = Object.keys(table) as [ProviderName, ...ProviderName[]];

type PublishingOf<K extends ProviderName> = (typeof table)[K]["publishing"];
export type TextProviderName = { [K in ProviderName]: PublishingOf<K> extends "text" ? K : never }[ProviderName];
export type MediaProviderName = Exclude<ProviderName, TextProviderName>;

const isText = (p: ProviderName): p is TextProviderName => providerTable[p].publishing === "text";

/** Text platforms publish synchronously; the others through asynchronous media jobs (SPEC.md). */
export const textProviders: readonly TextProviderName[] = providers.filter(isText);
export const mediaProviders: readonly MediaProviderName[] = providers.filter((p): p is MediaProviderName => !isText(p));

/** Platforms whose posts can be threads of replies. */
export const threadProviders: readonly ProviderName[] = providers.filter((p) => providerTable[p].threads);

/** Platforms that take no first comment (issue 31: refused with 422). */
export const noFirstCommentProviders: readonly ProviderName[] = providers.filter((p) => !providerTable[p].firstComment);

export const providerLabels = Object.fromEntries(providers.map((p) => [p, providerTable[p].label])) as Record<ProviderName, string>;
