// Recorded platform answers: what the live suite writes with LIVE_RECORD=1 (one JSON file per
// answered call, tokens and identifying values redacted) and how a recording is read back and
// compared with the sandbox's answer to the same request, by shape (field paths and types).
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { providers, type ProviderName } from "../domain/accounts/providers.ts";
import { platformConfig } from "../platforms/config.ts";
import { observePlatformExchanges, type PlatformExchange } from "../platforms/http.ts";

export const recordingFormat = "posteady-live-recording/1";

const recordingSchema = z.object({
  format: z.literal(recordingFormat),
  provider: z.enum(providers),
  /** "live": a real platform answered; "sandbox": the local sandbox did */
  target: z.enum(["live", "sandbox"]),
  recordedAt: z.iso.datetime(),
  /** the suite's step: connect, publish, status, list, delete */
  step: z.string().min(1),
  request: z.object({
    method: z.string().min(1),
    /** which configured base URL the call went to (config.ts names), or "other" (upload URLs the platform handed out) */
    endpoint: z.string().min(1),
    /** path below that base, ids replaced by placeholders */
    path: z.string(),
    query: z.record(z.string(), z.string()),
  }),
  response: z.object({
    status: z.number().int(),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
  }),
});

export type LiveRecording = z.infer<typeof recordingSchema>;

/** Headers worth keeping: the ones adapters read, and the rate-limit ones worth seeing. */
const keptHeaders = [
  "content-type",
  "location",
  "x-restli-id",
  "retry-after",
  "range",
  "x-rate-limit-limit",
  "x-rate-limit-remaining",
  "x-rate-limit-reset",
  "x-app-usage",
  "x-business-use-case-usage",
  "www-authenticate",
];
/** Headers a sandbox answer must carry when the platform's did (adapters depend on them). */
const contractHeaders = ["content-type", "location", "x-restli-id"];
/** URLs that carry their own credentials. */
const credentialHeaders = new Set(["location"]);

/** Body fields that identify a person or carry a credential, whatever their value. */
const identifyingKeys = new Set([
  "access_token",
  "refresh_token",
  "upload_url",
  "name",
  "display_name",
  "given_name",
  "family_name",
  "email",
  "picture",
  "avatar_url",
  "profile_image_url",
  "threads_profile_picture_url",
  "threads_biography",
  "creator_username",
  "creator_nickname",
  "creator_avatar_url",
  "customUrl",
  "union_id",
]);

export type Recorder = {
  /** names the step the next calls belong to */
  step(name: string): void;
  /** a value to replace by <label> wherever it appears (tokens, account and post ids, the username) */
  secret(value: string | undefined | null, label: string): void;
  /** stops observing; the calls seen, redacted */
  stop(): LiveRecording[];
};

export function startRecorder(provider: ProviderName, target: "live" | "sandbox"): Recorder {
  const seen: { step: string; at: string; exchange: PlatformExchange }[] = [];
  const secrets = new Map<string, string>();
  let step = "connect";
  const unsubscribe = observePlatformExchanges((exchange) => {
    if (exchange.provider === provider) seen.push({ step, at: new Date().toISOString(), exchange });
  });
  return {
    step: (name) => void (step = name),
    secret(value, label) {
      if (value && value.length >= 3) secrets.set(value, label);
    },
    stop() {
      unsubscribe();
      const redact = redactor(secrets);
      return seen.map(({ step, at, exchange }) => ({
        format: recordingFormat,
        provider,
        target,
        recordedAt: at,
        step,
        request: requestOf(provider, exchange, redact),
        response: {
          status: exchange.status,
          headers: Object.fromEntries(
            keptHeaders.flatMap((name) => {
              const value = exchange.headers.get(name);
              if (value === null) return [];
              return [[name, credentialHeaders.has(name) ? "<redacted-url>" : redact.text(value)]];
            }),
          ),
          body: redact.value(exchange.body),
        },
      }));
    },
  };
}

type Redactor = { text(s: string): string; value(v: unknown, key?: string): unknown };

function redactor(secrets: Map<string, string>): Redactor {
  // Longest first: a Facebook post id "{page}_{post}" contains the Page id.
  const ordered = [...secrets].sort(([a], [b]) => b.length - a.length);
  const text = (s: string) => ordered.reduce((out, [secret, label]) => out.split(secret).join(`<${label}>`), s);
  const value = (v: unknown, key?: string): unknown => {
    if (typeof v === "string") return key && identifyingKeys.has(key) ? "<redacted>" : text(v);
    if (typeof v === "number") return secrets.has(String(v)) ? 0 : v;
    if (Array.isArray(v)) return v.map((item) => value(item));
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, value(item, k)]));
    return v;
  };
  return { text, value };
}

/** The call relative to the platform's configured base URL, so real and sandbox recordings line up. */
function requestOf(provider: ProviderName, exchange: PlatformExchange, redact: Redactor): LiveRecording["request"] {
  const url = new URL(exchange.url);
  const bases = Object.entries(platformConfig().endpoints[provider] as Record<string, string>)
    .map(([name, base]) => ({ name, base: new URL(base) }))
    .filter(({ base }) => base.origin === url.origin && (url.pathname === base.pathname || url.pathname.startsWith(`${base.pathname.replace(/\/$/, "")}/`)))
    .sort((a, b) => b.base.pathname.length - a.base.pathname.length);
  const base = bases[0];
  if (!base) return { method: exchange.method, endpoint: "other", path: "", query: {} };
  const below = url.pathname.slice(base.base.pathname.replace(/\/$/, "").length);
  const query = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, k === "access_token" || k === "upload_id" ? "<redacted>" : redact.text(v)]));
  return { method: exchange.method, endpoint: base.name, path: templatePath(redact.text(decodeURIComponentSafe(below))), query };
}

/** Ids the suite did not name (containers, upload sessions): long digit runs become {id}. */
function templatePath(p: string): string {
  return p
    .split("/")
    .map((segment) => (/^\d{6,}$/.test(segment) ? "{id}" : segment))
    .join("/");
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Where a platform's recordings live below a root: <root>/<provider>/recorded. */
export const recordingDir = (root: string, provider: ProviderName) => path.join(root, provider, "recorded");

/** Replaces the platform's recordings under root with these. */
export async function writeRecordings(root: string, provider: ProviderName, recordings: LiveRecording[]): Promise<string> {
  const dir = recordingDir(root, provider);
  await fs.mkdir(dir, { recursive: true });
  for (const old of await fs.readdir(dir)) if (old.endsWith(".json")) await fs.rm(path.join(dir, old));
  await Promise.all(
    recordings.map((r, i) => {
      const slug = `${r.request.method}${r.request.path}`
        .replace(/[^A-Za-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 60)
        .toLowerCase();
      return fs.writeFile(path.join(dir, `${String(i + 1).padStart(2, "0")}-${r.step}-${slug || "upload"}.json`), `${JSON.stringify(r, null, 2)}\n`);
    }),
  );
  return dir;
}

/** Every recording under root (all platforms), in file order; a malformed file is an error naming it. */
export async function loadRecordings(root: string): Promise<LiveRecording[]> {
  const out: LiveRecording[] = [];
  for (const provider of providers) {
    const dir = recordingDir(root, provider);
    const files = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return [] as string[];
      throw err;
    });
    for (const file of files.filter((f) => f.endsWith(".json")).sort()) {
      const parsed = recordingSchema.safeParse(JSON.parse(await fs.readFile(path.join(dir, file), "utf8")));
      if (!parsed.success) throw new Error(`${path.join(dir, file)} is not a live recording: ${z.prettifyError(parsed.error)}`);
      out.push(parsed.data);
    }
  }
  return out;
}

/** JSON path → type of every value in a body; array elements share the path "[]". */
export function shapeOf(value: unknown, at = "$", into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  if (!into.has(at)) into.set(at, new Set());
  into.get(at)!.add(type);
  if (Array.isArray(value)) for (const item of value) shapeOf(item, `${at}[]`, into);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) shapeOf(v, `${at}.${k}`, into);
  return into;
}

/** What the answer lacks that the recorded answer had: status class, contract headers, body paths and types. */
export function shapeDifferences(recorded: LiveRecording["response"], answer: LiveRecording["response"]): string[] {
  const problems: string[] = [];
  const ok = (status: number) => status >= 200 && status < 300;
  if (ok(recorded.status) !== ok(answer.status)) problems.push(`status ${answer.status} where the platform answered ${recorded.status}`);
  for (const name of contractHeaders) {
    if (name in recorded.headers && !(name in answer.headers)) problems.push(`no ${name} header`);
  }
  const theirs = shapeOf(answer.body);
  for (const [at, types] of shapeOf(recorded.body)) {
    const found = theirs.get(at);
    if (!found) problems.push(`${at} missing`);
    else if (![...types].every((t) => found.has(t))) problems.push(`${at} is ${[...found].join("|")}, the platform's is ${[...types].join("|")}`);
  }
  return problems;
}

const requestKey = (r: LiveRecording) => `${r.provider} ${r.step} ${r.request.method} ${r.request.endpoint}${r.request.path}`;

/** For every recorded answer, what the sandbox's closest answer to the same request (same step, method and path) lacks. */
export function compareRecordings(recorded: LiveRecording[], sandbox: LiveRecording[]): string[] {
  const problems: string[] = [];
  for (const r of recorded) {
    const key = requestKey(r);
    const same = sandbox.filter((s) => requestKey(s) === key);
    if (same.length === 0) {
      problems.push(`${key}: the sandbox run made no such request`);
      continue;
    }
    // Polled requests answer differently as the post progresses: the closest answer decides.
    const closest = same.map((s) => shapeDifferences(r.response, s.response)).sort((a, b) => a.length - b.length)[0]!;
    for (const p of closest) problems.push(`${key}: ${p}`);
  }
  return problems;
}
