// What the sandbox platforms remember: profiles (the people who consent), grants, tokens,
// uploads and containers, and every post published. Kept in memory; persisted to a JSON file
// when the sandbox runs as a service, so accounts connected yesterday still work today.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SandboxActivity } from "./activity.ts";
import { MediaStore } from "./media-store.ts";

export type SandboxProvider = "x" | "threads" | "linkedin" | "tiktok" | "instagram" | "youtube" | "facebook" | "mastodon";

export type Profile = {
  id: string;
  provider: SandboxProvider;
  username: string;
  displayName: string;
  /** instagram: BUSINESS | MEDIA_CREATOR | PERSONAL */
  accountType?: string;
  /** facebook: the Page the user manages, and their tasks on it */
  page?: { id: string; name: string; tasks: string[] };
  createdAt: string;
};

export type Grant = {
  code: string;
  provider: SandboxProvider;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  profileId: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  expiresAt: number;
  used: boolean;
};

export type TokenKind = "access" | "refresh" | "short" | "page";

export type Token = {
  value: string;
  kind: TokenKind;
  provider: SandboxProvider;
  clientId: string;
  profileId: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number | null;
  revoked: boolean;
  /** the refresh token this access token belongs to, so revocation covers the chain */
  family: string;
};

/** Media a platform received: its size, hash, declared type and first 16 bytes (hex, for signature checks). */
export type MediaBlob = { size: number; sha256: string; contentType?: string; head?: string };

/** An upload, container or processing job on a platform (status derived from readyAt/failure). */
export type PlatformObject = {
  id: string;
  provider: SandboxProvider;
  profileId: string;
  type: string;
  createdAt: number;
  readyAt: number;
  failure?: string;
  data: Record<string, unknown>;
  media?: MediaBlob;
};

export type SandboxPost = {
  id: string;
  provider: SandboxProvider;
  profileId: string;
  username: string;
  kind: string;
  text: string;
  permalink: string;
  createdAt: string;
  replyTo?: string;
  media: (MediaBlob & { type: string })[];
  extra: Record<string, unknown>;
  /** metric counters the read APIs report (sandbox-generated, deterministic) */
  metrics: Record<string, number>;
  deleted?: boolean;
};

export type Fault = {
  id: string;
  provider: SandboxProvider;
  /** operation name of a route (e.g. "tweets.create"); absent: any operation of the provider */
  operation?: string;
  /**
   * only requests made as this profile (its access token, or a processing fault of an object it
   * creates); absent: any. Lets tests that run side by side fault their own accounts only.
   */
  username?: string;
  kind: FaultKind;
  remaining: number;
  retryAfterSeconds?: number;
  delaySeconds?: number;
};

export const faultKinds = [
  "rate_limit",
  "quota",
  "expired_token",
  "revoked_token",
  "reject_media",
  "reject_content",
  "slow_processing",
  /** TikTok: a public post's id withheld for delaySeconds after processing, as in moderation */
  "slow_moderation",
  "response_lost",
  "server_error",
  "slow_response",
] as const;
export type FaultKind = (typeof faultKinds)[number];

type Data = {
  profiles: Profile[];
  grants: Grant[];
  tokens: Token[];
  objects: PlatformObject[];
  posts: SandboxPost[];
  faults: Fault[];
  /** processing time of new asynchronous objects, in milliseconds */
  processingMs: number;
  /** access token lifetime override in seconds (tests shorten it) */
  accessTokenSeconds: number | null;
  /** how long every platform API request waits before it is handled, imitating a real platform's latency */
  callDelayMs: number;
};

const empty = (): Data => ({
  profiles: [],
  grants: [],
  tokens: [],
  objects: [],
  posts: [],
  faults: [],
  processingMs: 300,
  accessTokenSeconds: null,
  callDelayMs: 0,
});

/** The list `map` keeps under `key`, made empty on first use (the indexes of lists below). */
function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

export class SandboxState {
  /** who called the platforms when (in memory only; cleared by reset()) */
  readonly activity = new SandboxActivity();
  /** the bytes of the media received (for the post pages) */
  readonly media: MediaStore;
  private data: Data;
  private saveTimer: NodeJS.Timeout | undefined;
  private readonly index = {
    profiles: new Map<string, Profile>(),
    /** provider → its profiles, oldest first (each consent page lists and searches them) */
    providerProfiles: new Map<SandboxProvider, Profile[]>(),
    grants: new Map<string, Grant>(),
    tokens: new Map<string, Token>(),
    objects: new Map<string, PlatformObject>(),
    posts: new Map<string, SandboxPost>(),
    /** "provider:profileId" → that profile's posts, oldest first (every platform call asks for these) */
    byProfile: new Map<string, SandboxPost[]>(),
  };

  constructor(private readonly file?: string) {
    this.media = new MediaStore(file);
    this.data = empty();
    if (file && fs.existsSync(file)) this.data = { ...empty(), ...(JSON.parse(fs.readFileSync(file, "utf8")) as Data) };
    this.reindex();
  }

  private reindex() {
    this.index.profiles = new Map(this.data.profiles.map((p) => [p.id, p]));
    this.index.providerProfiles = new Map();
    for (const p of this.data.profiles) this.providerProfiles(p.provider).push(p);
    this.index.grants = new Map(this.data.grants.map((g) => [g.code, g]));
    this.index.tokens = new Map(this.data.tokens.map((t) => [t.value, t]));
    this.index.objects = new Map(this.data.objects.map((o) => [o.id, o]));
    this.index.posts = new Map(this.data.posts.map((p) => [p.id, p]));
    this.index.byProfile = new Map();
    for (const p of this.data.posts) this.profilePosts(p.provider, p.profileId).push(p);
  }

  /**
   * Persist soon, atomically (a temp file renamed over the old one). The whole state is
   * rewritten and every request waits while it is, so writes are coalesced: one a second, or
   * fewer as the state grows, keeping the pauses under 2% of the time (10,000 posts take about
   * 0.1 s to write). Closing the sandbox writes at once.
   */
  changed(): void {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(
      () => {
        this.saveTimer = undefined;
        this.flush();
      },
      Math.max(1000, this.lastFlushMs * 50),
    );
  }

  private lastFlushMs = 0;

  flush(): void {
    if (!this.file) return;
    const started = performance.now();
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.data));
    fs.renameSync(tmp, this.file);
    this.lastFlushMs = performance.now() - started;
  }

  reset(): void {
    this.data = empty();
    this.activity.clear();
    this.media.clear();
    this.reindex();
    this.changed();
  }

  // ---- settings
  get processingMs() {
    return this.data.processingMs;
  }
  set processingMs(ms: number) {
    this.data.processingMs = ms;
    this.changed();
  }
  get callDelayMs() {
    return this.data.callDelayMs;
  }
  set callDelayMs(ms: number) {
    this.data.callDelayMs = ms;
    this.changed();
  }
  get accessTokenSeconds() {
    return this.data.accessTokenSeconds;
  }
  set accessTokenSeconds(s: number | null) {
    this.data.accessTokenSeconds = s;
    this.changed();
  }

  // ---- profiles
  profiles(provider?: SandboxProvider): Profile[] {
    return [...(provider ? this.providerProfiles(provider) : this.data.profiles)];
  }
  private providerProfiles(provider: SandboxProvider): Profile[] {
    return listIn(this.index.providerProfiles, provider);
  }
  profile(id: string): Profile | undefined {
    return this.index.profiles.get(id);
  }
  addProfile(p: Omit<Profile, "id" | "createdAt">): Profile {
    const profile: Profile = { ...p, id: numericId(), createdAt: new Date().toISOString() };
    this.data.profiles.push(profile);
    this.index.profiles.set(profile.id, profile);
    this.providerProfiles(profile.provider).push(profile);
    this.changed();
    return profile;
  }
  updateProfile(id: string, patch: Partial<Profile>): void {
    const p = this.profile(id);
    if (p) Object.assign(p, patch);
    this.changed();
  }

  // ---- grants (authorization codes)
  addGrant(g: Omit<Grant, "code" | "used" | "expiresAt">): Grant {
    const grant: Grant = { ...g, code: randomToken(24), used: false, expiresAt: Date.now() + 10 * 60_000 };
    this.data.grants.push(grant);
    this.index.grants.set(grant.code, grant);
    this.changed();
    return grant;
  }
  /** Single use: the code is consumed whether or not the exchange then succeeds. */
  takeGrant(code: string): Grant | undefined {
    const grant = this.index.grants.get(code);
    if (!grant || grant.used || grant.expiresAt < Date.now()) return undefined;
    grant.used = true;
    this.changed();
    return grant;
  }

  // ---- tokens
  issueToken(t: Omit<Token, "value" | "issuedAt" | "revoked" | "family"> & { family?: string; prefix?: string }): Token {
    const { prefix, ...rest } = t;
    const token: Token = { ...rest, value: (prefix ?? "") + randomToken(32), issuedAt: Date.now(), revoked: false, family: t.family ?? randomToken(8) };
    this.data.tokens.push(token);
    this.index.tokens.set(token.value, token);
    this.changed();
    return token;
  }
  token(value: string): Token | undefined {
    return this.index.tokens.get(value);
  }
  /** An active token of the provider, or why not. */
  checkToken(provider: SandboxProvider, value: string | undefined, kinds: TokenKind[] = ["access", "page"]): Token | "missing" | "invalid" | "expired" {
    if (!value) return "missing";
    const token = this.index.tokens.get(value);
    if (!token || token.provider !== provider || !kinds.includes(token.kind) || token.revoked) return "invalid";
    if (token.expiresAt !== null && token.expiresAt < Date.now()) return "expired";
    return token;
  }
  revokeToken(value: string): void {
    const token = this.index.tokens.get(value);
    if (!token) return;
    for (const t of this.data.tokens) if (t.family === token.family) t.revoked = true;
    this.changed();
  }
  /** Refresh-token rotation: the old one stops working. */
  retireToken(value: string): void {
    const token = this.index.tokens.get(value);
    if (token) token.revoked = true;
    this.changed();
  }

  // ---- objects (uploads, containers, processing)
  addObject(o: Omit<PlatformObject, "id" | "createdAt" | "readyAt"> & { id?: string; processingMs?: number }): PlatformObject {
    const now = Date.now();
    const { processingMs, ...rest } = o;
    const object: PlatformObject = { ...rest, id: o.id ?? numericId(), createdAt: now, readyAt: now + (processingMs ?? this.data.processingMs) };
    this.data.objects.push(object);
    this.index.objects.set(object.id, object);
    this.changed();
    return object;
  }
  object(id: string): PlatformObject | undefined {
    return this.index.objects.get(id);
  }
  objectReady(o: PlatformObject): boolean {
    return Date.now() >= o.readyAt;
  }

  // ---- posts
  addPost(
    p: Omit<SandboxPost, "id" | "createdAt" | "permalink" | "metrics"> & { id?: string; permalink: (id: string) => string; createdAt?: string },
  ): SandboxPost {
    const id = p.id ?? numericId();
    const post: SandboxPost = { ...p, id, permalink: p.permalink(id), createdAt: p.createdAt ?? new Date().toISOString(), metrics: seededMetrics(id) };
    this.data.posts.push(post);
    this.index.posts.set(id, post);
    this.profilePosts(post.provider, post.profileId).push(post);
    this.changed();
    return post;
  }
  post(id: string): SandboxPost | undefined {
    return this.index.posts.get(id);
  }
  private profilePosts(provider: SandboxProvider, profileId: string): SandboxPost[] {
    return listIn(this.index.byProfile, `${provider}:${profileId}`);
  }
  posts(filter: { provider?: SandboxProvider; profileId?: string } = {}): SandboxPost[] {
    if (filter.provider && filter.profileId) return [...this.profilePosts(filter.provider, filter.profileId)];
    return this.data.posts.filter((p) => (!filter.provider || p.provider === filter.provider) && (!filter.profileId || p.profileId === filter.profileId));
  }

  // ---- faults
  faults(): Fault[] {
    return this.data.faults.filter((f) => f.remaining > 0);
  }
  addFault(f: Omit<Fault, "id" | "remaining"> & { times?: number }): Fault {
    const { times, ...rest } = f;
    const fault: Fault = { ...rest, id: randomToken(6), remaining: times ?? 1 };
    this.data.faults.push(fault);
    this.changed();
    return fault;
  }
  clearFaults(): void {
    this.data.faults = [];
    this.changed();
  }
  /** Consumes one matching fault, if any; `profileId` is the caller's, when the request names one. */
  takeFault(provider: SandboxProvider, operation: string, kinds?: readonly FaultKind[], profileId?: string): Fault | undefined {
    const username = profileId ? this.profile(profileId)?.username : undefined;
    const fault = this.data.faults.find(
      (f) =>
        f.remaining > 0 &&
        f.provider === provider &&
        (!f.operation || f.operation === operation) &&
        (!kinds || kinds.includes(f.kind)) &&
        (!f.username || f.username === username),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    this.changed();
    return fault;
  }
}

let counter = BigInt(Date.now()) * 1000n;
/** Numeric ids, as most platforms use (snowflake-like, increasing). */
export function numericId(): string {
  counter += 1n + BigInt(crypto.randomInt(1000));
  return counter.toString();
}

export function randomToken(bytes: number): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Metrics that grow with a post's age but are stable for a given id and time. */
function seededMetrics(id: string): Record<string, number> {
  const h = crypto.createHash("sha256").update(id).digest();
  return {
    views: 100 + (h.readUInt16BE(0) % 5000),
    likes: h.readUInt16BE(2) % 400,
    replies: h.readUInt16BE(4) % 60,
    reposts: h.readUInt16BE(6) % 50,
    quotes: h.readUInt16BE(8) % 20,
    bookmarks: h.readUInt16BE(10) % 40,
    // at least one: Graph leaves `shares` out at 0, and the live suite compares list shapes with a recording that has it
    shares: 1 + (h.readUInt16BE(12) % 29),
    reach: 80 + (h.readUInt16BE(14) % 4000),
    saves: h.readUInt16BE(16) % 40,
  };
}
