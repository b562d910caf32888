// Configuration, validated once. Every variable and its default is listed in docs/configuration.md.
// Secrets that are not set are generated once and kept in DATA_DIR/secrets.json, so
// `npm start`, workers and the CLI of one installation always agree on them.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"])
  .transform((v) => ["true", "1", "on", "yes"].includes(v));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  AUTH_SECRET: z.string().min(32).optional(),
  TOKEN_ENCRYPTION_KEY: z.string().optional(),
  STORAGE_SIGNING_KEY: z.string().min(32).optional(),
  SIGNUP_PLAN: z.enum(["free", "creator", "pro", "business"]).optional(),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  TRUST_PROXY: bool.default(false),
  FACEBOOK_PUBLIC_WRITE: bool.default(true),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_IMAGE_MODEL: z.string().optional(),
  CAROUSEL_GENERATION_CREDITS: z.coerce.number().int().min(0).default(1),
  CAROUSEL_IMAGE_CREDITS: z.coerce.number().int().min(0).default(1),
  URL_FETCH_ALLOW_CIDRS: z.string().default(""),
});

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
  embeddedDatabase: boolean;
  authSecret: string;
  tokenEncryptionKey: Buffer;
  storageSigningKey: string;
  postgresPassword: string;
  signupPlan: "FREE" | "CREATOR" | "PRO" | "BUSINESS";
  apiRateLimitPerMinute: number | undefined;
  /** a reverse proxy in front appends the client's address to X-Forwarded-For (server/http/client-address.ts) */
  trustProxy: boolean;
  facebookPublicWrite: boolean;
  logLevel: "debug" | "info" | "warn" | "error";
  /** an OpenAI-compatible API for carousel copy (and images, with imageModel); null: the built-in writer */
  llm: { baseUrl: string; apiKey: string; model: string; imageModel: string | null } | null;
  carouselGenerationCredits: number;
  carouselImageCredits: number;
  /** private ranges the URL fetcher may reach anyway (an intranet wiki, say); empty by default */
  urlFetchAllowCidrs: string[];
};

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const projectRoot = process.env.POSTEADY_ROOT ?? process.cwd();
  const dataDir = path.resolve(projectRoot, e.DATA_DIR);
  const secrets = loadSecrets(dataDir);
  const tokenKey = e.TOKEN_ENCRYPTION_KEY ?? secrets.tokenEncryptionKey;
  const tokenEncryptionKey = Buffer.from(tokenKey, "base64");
  if (tokenEncryptionKey.length !== 32) throw new Error("TOKEN_ENCRYPTION_KEY must be 32 bytes, base64-encoded");
  // The launcher passes the embedded server's URL to its children and marks it as embedded.
  const embeddedDatabase = !e.DATABASE_URL || process.env.POSTEADY_EMBEDDED_DATABASE === "1";
  cached = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    projectRoot,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedDatabase,
    authSecret: e.AUTH_SECRET ?? secrets.authSecret,
    tokenEncryptionKey,
    storageSigningKey: e.STORAGE_SIGNING_KEY ?? secrets.storageSigningKey,
    postgresPassword: secrets.postgresPassword,
    // Local development (embedded database) starts new accounts on Creator so the API works at once.
    signupPlan: (e.SIGNUP_PLAN ?? (embeddedDatabase ? "creator" : "free")).toUpperCase() as Env["signupPlan"],
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    facebookPublicWrite: e.FACEBOOK_PUBLIC_WRITE,
    logLevel: e.LOG_LEVEL,
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL.replace(/\/$/, ""), apiKey: e.LLM_API_KEY ?? "", model: e.LLM_MODEL ?? "gpt-4o-mini", imageModel: e.LLM_IMAGE_MODEL ?? null }
      : null,
    carouselGenerationCredits: e.CAROUSEL_GENERATION_CREDITS,
    carouselImageCredits: e.CAROUSEL_IMAGE_CREDITS,
    urlFetchAllowCidrs: e.URL_FETCH_ALLOW_CIDRS.split(",").map((s) => s.trim()).filter(Boolean),
  };
  return cached;
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
