// Configuration, validated once. Every variable the service reads is declared here (the platform
// ones in platforms/platform-variables.ts, merged below), and every variable and its default is
// listed in docs/configuration.md. A malformed value stops `npm start`, `npm run worker` and the CLI with
// one line per variable saying what is allowed (exitOnInvalidConfiguration), never a NaN at run time.
// Secrets that are not set are generated once and kept in DATA_DIR/secrets.json, so
// `npm start`, workers and the CLI of one installation always agree on them.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { platformVariables } from "./platforms/platform-variables.ts";

const bool = z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"]).transform((v) => ["true", "1", "on", "yes"].includes(v));

/** An integer variable; its message says the range, since zod's own ("received NaN") does not. */
function wholeNumber(min: number, max?: number) {
  const error = max === undefined ? `expected a whole number, at least ${min}` : `expected a whole number from ${min} to ${max}`;
  const n = z.coerce.number({ error }).int({ error }).min(min, { error });
  return max === undefined ? n : n.max(max, { error });
}

const secondsError = "expected a number of seconds greater than 0";
const seconds = z.coerce.number({ error: secondsError }).positive({ error: secondsError });

const durationError = 'expected durations separated by commas, each a whole number and a unit s, m or h (e.g. "5s,5m,2h")';
const durationUnits = { s: 1_000, m: 60_000, h: 3_600_000 } as const;
/** "5s,5m,2h" → milliseconds; at least one duration. */
const durationList = z
  .string()
  .regex(/^\s*\d+[smh]\s*(,\s*\d+[smh]\s*)*$/, { error: durationError })
  .transform((v) => v.split(",").map((d) => Number(d.trim().slice(0, -1)) * durationUnits[d.trim().slice(-1) as keyof typeof durationUnits]));

// Set by the launcher for its children: where the project's files are (default: the working directory).
const rootVariable = z.string().min(1).optional();
const dataDirVariable = z.string().default(".data");

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: wholeNumber(1, 65535).default(3000),
    HOST: z.string().default("127.0.0.1"),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: dataDirVariable,
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: wholeNumber(1, 200).default(10),
    DATABASE_TIMEOUT_SECONDS: seconds.default(4),
    WORKER_DATABASE_TIMEOUT_SECONDS: seconds.default(30),
    AUTH_SECRET: z.string().min(32).optional(),
    TOKEN_ENCRYPTION_KEY: z.string().optional(),
    STORAGE_SIGNING_KEY: z.string().min(32).optional(),
    SIGNUP_PLAN: z.enum(["free", "creator", "pro", "business"]).optional(),
    API_RATE_LIMIT_PER_MINUTE: wholeNumber(1).optional(),
    TRUST_PROXY: bool.default(false),
    HTTP_HEADERS_TIMEOUT_SECONDS: wholeNumber(1).default(20),
    HTTP_BODY_TIMEOUT_SECONDS: wholeNumber(1).default(20),
    FACEBOOK_PUBLIC_WRITE: bool.default(true),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "expected smtp://user:password@host:port or smtps://…" }).optional(),
    MAIL_FROM: z.string().min(3).default("Posteady <posteady@localhost>"),
    LLM_BASE_URL: z.url().optional(),
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().optional(),
    LLM_IMAGE_MODEL: z.string().optional(),
    CAROUSEL_GENERATION_CREDITS: wholeNumber(0).default(1),
    CAROUSEL_IMAGE_CREDITS: wholeNumber(0).default(1),
    URL_FETCH_ALLOW_CIDRS: z.string().default(""),
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: z.url().optional(),
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    WORKERS: wholeNumber(0).default(1),
    WORKER_CONCURRENCY: wholeNumber(1).default(256),
    PUBLISH_LEASE_SECONDS: z.coerce
      .number({ error: "expected a number of seconds greater than 0" })
      .positive({ error: "expected a number of seconds greater than 0" })
      .default(10),
    SYNC_INTERVAL_MINUTES: wholeNumber(0).default(60),
    FEED_POLL_MINUTES: wholeNumber(1).default(15),
    WEBHOOK_RETRY_SCHEDULE: durationList.prefault("5s,5m,30m,2h,5h,10h,10h"),
    WEBHOOK_DISABLE_AFTER_HOURS: z.coerce
      .number({ error: "expected a number of hours greater than 0" })
      .positive({ error: "expected a number of hours greater than 0" })
      .default(120),
    /** the API key `cli -- mcp` acts as (server/mcp/stdio.ts) */
    POSTEADY_API_KEY: z.string().optional(),
    // Set by the launcher for its children (and by the test harness), not by users.
    POSTEADY_ROOT: rootVariable,
    POSTEADY_EMBEDDED_DATABASE: z.literal("1", { error: 'set by the launcher only, to "1"' }).optional(),
    ...platformVariables,
  })
  .superRefine((e, ctx) => {
    if (e.STORAGE_DRIVER === "s3" && !e.S3_BUCKET) ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "required with STORAGE_DRIVER=s3" });
  });

export type StorageConfig =
  | { driver: "local" }
  | {
      driver: "s3";
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** unset: the AWS SDK's own credential chain */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
    };

/** The configuration is invalid: one problem per variable, each saying what is allowed. */
export class ConfigurationError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}`);
    this.name = "ConfigurationError";
  }
}

// Values of these are not repeated in messages (logs outlive terminals).
const secretVariable = /SECRET|KEY|PASSWORD|DATABASE_URL|SMTP_URL/;

/** Parse variables with `schema` (env()'s, or a part of it), or throw a ConfigurationError. */
export function readVariables<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv = process.env): z.output<S> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  throw new ConfigurationError(
    parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? "");
      const value = source[variable];
      return { variable, message: value !== undefined && !secretVariable.test(variable) ? `${issue.message} (got "${value}")` : issue.message };
    }),
  );
}

type Secrets = { authSecret: string; tokenEncryptionKey: string; storageSigningKey: string; postgresPassword: string };

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  projectRoot: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** the deadline of each statement and connection checkout of the web process and the CLI (server/db-deadlines.ts) */
  databaseTimeoutSeconds: number;
  /** the same in a worker, whose statements may be larger and have nobody waiting on them */
  workerDatabaseTimeoutSeconds: number;
  embeddedDatabase: boolean;
  authSecret: string;
  tokenEncryptionKey: Buffer;
  storageSigningKey: string;
  postgresPassword: string;
  signupPlan: "FREE" | "CREATOR" | "PRO" | "BUSINESS";
  apiRateLimitPerMinute: number | undefined;
  /** a reverse proxy in front appends the client's address to X-Forwarded-For (server/http/client-address.ts) */
  trustProxy: boolean;
  /** a request's headers must arrive within this (server/http/slow-clients.ts) */
  httpHeadersTimeoutSeconds: number;
  /** a request body that stops arriving for this long, or arrives too slowly, is cut off */
  httpBodyTimeoutSeconds: number;
  facebookPublicWrite: boolean;
  logLevel: "debug" | "info" | "warn" | "error";
  /** outgoing email (server/mail); null: nothing is sent and the dashboard shows the links instead */
  smtpUrl: string | null;
  mailFrom: string;
  /** an OpenAI-compatible API for carousel copy (and images, with imageModel); null: the built-in writer */
  llm: { baseUrl: string; apiKey: string; model: string; imageModel: string | null } | null;
  carouselGenerationCredits: number;
  carouselImageCredits: number;
  /** private ranges the URL fetcher may reach anyway (an intranet wiki, say); empty by default */
  urlFetchAllowCidrs: string[];
  storage: StorageConfig;
  /** worker processes `npm start` runs (0: none) */
  workers: number;
  /** jobs one worker runs at once */
  workerConcurrency: number;
  /** publishing runs per platform at once in one worker */
  /** how long a run owns a publish job without a heartbeat */
  publishLeaseSeconds: number;
  /** 0: accounts sync only when a user asks */
  syncIntervalMinutes: number;
  /** how often each RSS/Atom feed is fetched (issue 49) */
  feedPollMinutes: number;
  /** the API key `cli -- mcp` acts as (POSTEADY_API_KEY) */
  mcpApiKey: string | undefined;
  /** the pause before each retry of a webhook delivery, in ms; its length is the number of retries */
  webhookRetrySchedule: number[];
  /** an endpoint whose deliveries have failed for this long without a success is disabled */
  webhookDisableAfterMs: number;
};

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const e = readVariables(schema);
  const root = e.POSTEADY_ROOT ?? process.cwd();
  const dataDir = path.resolve(root, e.DATA_DIR);
  const secrets = loadSecrets(dataDir);
  const tokenKey = e.TOKEN_ENCRYPTION_KEY ?? secrets.tokenEncryptionKey;
  const tokenEncryptionKey = Buffer.from(tokenKey, "base64");
  if (tokenEncryptionKey.length !== 32) throw new ConfigurationError([{ variable: "TOKEN_ENCRYPTION_KEY", message: "expected 32 bytes, base64-encoded" }]);
  // The launcher passes the embedded server's URL to its children and marks it as embedded.
  const embeddedDatabase = !e.DATABASE_URL || e.POSTEADY_EMBEDDED_DATABASE === "1";
  cached = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    projectRoot: root,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeoutSeconds: e.DATABASE_TIMEOUT_SECONDS,
    workerDatabaseTimeoutSeconds: e.WORKER_DATABASE_TIMEOUT_SECONDS,
    embeddedDatabase,
    authSecret: e.AUTH_SECRET ?? secrets.authSecret,
    tokenEncryptionKey,
    storageSigningKey: e.STORAGE_SIGNING_KEY ?? secrets.storageSigningKey,
    postgresPassword: secrets.postgresPassword,
    // Local development (embedded database) starts new accounts on Creator so the API works at once.
    signupPlan: (e.SIGNUP_PLAN ?? (embeddedDatabase ? "creator" : "free")).toUpperCase() as Env["signupPlan"],
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    httpHeadersTimeoutSeconds: e.HTTP_HEADERS_TIMEOUT_SECONDS,
    httpBodyTimeoutSeconds: e.HTTP_BODY_TIMEOUT_SECONDS,
    facebookPublicWrite: e.FACEBOOK_PUBLIC_WRITE,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL.replace(/\/$/, ""), apiKey: e.LLM_API_KEY ?? "", model: e.LLM_MODEL ?? "gpt-4o-mini", imageModel: e.LLM_IMAGE_MODEL ?? null }
      : null,
    carouselGenerationCredits: e.CAROUSEL_GENERATION_CREDITS,
    carouselImageCredits: e.CAROUSEL_IMAGE_CREDITS,
    urlFetchAllowCidrs: e.URL_FETCH_ALLOW_CIDRS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    storage:
      e.STORAGE_DRIVER === "s3"
        ? {
            driver: "s3",
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : { driver: "local" },
    workers: e.WORKERS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    publishLeaseSeconds: e.PUBLISH_LEASE_SECONDS,
    syncIntervalMinutes: e.SYNC_INTERVAL_MINUTES,
    feedPollMinutes: e.FEED_POLL_MINUTES,
    mcpApiKey: e.POSTEADY_API_KEY,
    webhookRetrySchedule: e.WEBHOOK_RETRY_SCHEDULE,
    webhookDisableAfterMs: e.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
  };
  return cached;
}

/** DATA_DIR as env() resolves it, without reading (or creating) the secrets kept there. */
export function configuredDataDir(): string {
  const e = readVariables(z.object({ DATA_DIR: dataDirVariable, POSTEADY_ROOT: rootVariable }));
  return path.resolve(e.POSTEADY_ROOT ?? process.cwd(), e.DATA_DIR);
}

/** The project's directory, without env()'s secrets: for pure modules such as the slide renderer. */
export function projectRoot(): string {
  return readVariables(z.object({ POSTEADY_ROOT: rootVariable })).POSTEADY_ROOT ?? process.cwd();
}

/**
 * What `npm start`, `npm run worker` and the CLI do first: an invalid configuration stops the
 * process (exit 1) with its message on stderr, before anything starts and without a stack trace.
 */
export function exitOnInvalidConfiguration(): void {
  try {
    env();
  } catch (err) {
    if (!(err instanceof ConfigurationError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}

/** Forget the parsed configuration (tests and the launcher change process.env). */
export function resetEnv(): void {
  cached = undefined;
}

function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  const read = (): Secrets | undefined => {
    try {
      return JSON.parse(fs.readFileSync(file, "utf8")) as Secrets;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  };
  const existing = read();
  if (existing) return existing;
  const fresh: Secrets = {
    authSecret: crypto.randomBytes(32).toString("base64url"),
    tokenEncryptionKey: crypto.randomBytes(32).toString("base64"),
    storageSigningKey: crypto.randomBytes(32).toString("base64url"),
    postgresPassword: crypto.randomBytes(18).toString("base64url"),
  };
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  // Write a private temp file, then link it into place: link fails if another process won the
  // race, and a reader never sees a half-written file.
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(tmp, JSON.stringify(fresh, null, 2) + "\n", { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const other = read();
    if (!other) throw new Error(`Could not read ${file}`);
    return other;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
