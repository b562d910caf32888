// `platforms check`: is each platform's live configuration usable? Credentials present, every
// endpoint URL well-formed, the redirect URI to register, the LinkedIn-Version still supported,
// and a harmless call with the app's credentials where the platform has one. Each finding is a
// row (ok / warn / fail / skip); docs/platforms/<provider>.md explains what to fix.
import { callbackUrl } from "../../domain/accounts/callback-url.ts";
import { ConfigurationError } from "../../env.ts";
import { providers, providerTable, type ProviderName } from "../../domain/accounts/providers.ts";
import { describeBlueskyServer } from "../bluesky/bluesky-check.ts";
import { platformConfig, urlVariable, type PlatformConfig } from "../config.ts";
import { appCredentialCall } from "./app-credential-calls.ts";
import { linkedinVersionVerdict } from "./linkedin-version.ts";
import { checkMastodonInstance } from "../mastodon/mastodon-check.ts";
import { instanceBase } from "../mastodon/mastodon-instance.ts";

export type CheckResult = "ok" | "warn" | "fail" | "skip";
export type CheckRow = { provider: string; check: string; result: CheckResult; detail: string };

type App = { label?: string; prefix: string; key: keyof PlatformConfig["credentials"]; optional?: boolean };

/** Each provider's app registrations and their variables ({prefix}_CLIENT_ID, {prefix}_CLIENT_SECRET). */
const appsOf: Record<ProviderName, App[]> = {
  threads: [{ prefix: "THREADS", key: "threads" }],
  x: [{ prefix: "X", key: "x" }],
  linkedin: [{ prefix: "LINKEDIN", key: "linkedin" }],
  tiktok: [
    { label: "business app", prefix: "TIKTOK", key: "tiktok" },
    // the Login Kit connection method; without it accounts connect through the business app only
    { label: "Login Kit app", prefix: "TIKTOK_LOGIN_KIT", key: "tiktokLoginKit", optional: true },
  ],
  instagram: [{ prefix: "INSTAGRAM", key: "instagram" }],
  youtube: [{ prefix: "YOUTUBE", key: "youtube" }],
  facebook: [{ prefix: "FACEBOOK", key: "facebook" }],
  // app passwords, and an app registered on each instance at connect: no installation-wide app
  bluesky: [],
  mastodon: [],
};

const isSet = (name: string) => Boolean(process.env[name]?.trim());
const appIsSet = (a: App) => isSet(`${a.prefix}_CLIENT_ID`) || isSet(`${a.prefix}_CLIENT_SECRET`);
const named = (check: string, a: App) => (a.label ? `${check} (${a.label})` : check);
const isLocal = (u: URL) => ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);

function credentialsRow(provider: ProviderName, a: App, config: PlatformConfig): CheckRow {
  const c = config.credentials[a.key];
  const id = `${a.prefix}_CLIENT_ID`;
  const secret = `${a.prefix}_CLIENT_SECRET`;
  const row = (result: CheckResult, detail: string) => ({ provider, check: named("credentials", a), result, detail });
  if (a.optional && config.mode === "live" && !appIsSet(a)) return row("warn", `${id} and ${secret} not set: this connection method is unavailable`);
  const missing = [!c.clientId.trim() && id, !c.clientSecret.trim() && secret].filter(Boolean);
  if (missing.length > 0) return row("fail", `${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} empty`);
  if (config.mode === "sandbox" && !appIsSet(a)) return row("ok", "the sandbox's default app");
  return row("ok", `${id} and ${secret} set`);
}

function urlsRow(provider: ProviderName, config: PlatformConfig): CheckRow {
  const urls = Object.entries(config.endpoints[provider] as Record<string, string>);
  const problems: string[] = [];
  for (const [name, value] of urls) {
    const variable = urlVariable(provider, name);
    if (!URL.canParse(value)) {
      problems.push(`${variable} "${value}" is not a URL`);
      continue;
    }
    const u = new URL(value);
    if (u.protocol === "https:") continue;
    if (u.protocol === "http:" && (config.mode === "sandbox" || isLocal(u))) continue;
    problems.push(`${variable} "${value}" must be https${config.mode === "live" ? " in live mode" : ""}`);
  }
  if (problems.length > 0) return { provider, check: "urls", result: "fail", detail: problems.join("; ") };
  return {
    provider,
    check: "urls",
    result: "ok",
    detail: `${urls.length} endpoint URL${urls.length > 1 ? "s" : ""} well-formed (${config.mode === "live" && urls.every(([, v]) => v.startsWith("https:")) ? "https" : config.mode})`,
  };
}

function redirectRow(provider: ProviderName, config: PlatformConfig): CheckRow {
  const row = (result: CheckResult, detail: string) => ({ provider, check: "redirect uri", result, detail });
  let uri: string;
  try {
    uri = callbackUrl(provider);
  } catch (err) {
    return row("fail", `PUBLIC_URL: ${err instanceof ConfigurationError ? err.problems.map((p) => p.message).join("; ") : (err as Error).message}`);
  }
  const u = new URL(uri);
  if (config.mode === "sandbox" || u.protocol === "https:") return row("ok", `register ${uri}`);
  if (isLocal(u)) return row("warn", `register ${uri}; outside localhost the platforms want https: set PUBLIC_URL`);
  return row("fail", `${uri} is not https: set PUBLIC_URL to the https address users reach`);
}

export type CheckOptions = {
  provider?: ProviderName;
  /** Mastodon: the instances this installation has accounts or apps on (read from the database by the caller) */
  mastodonInstances?: () => Promise<string[]>;
};

/**
 * Mastodon has no installation-wide app: each instance with our accounts or apps, and the default
 * one the connect form suggests, must answer GET /api/v2/instance.
 */
async function mastodonRows(config: PlatformConfig, opts: CheckOptions): Promise<CheckRow[]> {
  const rows: CheckRow[] = [];
  let known: string[] = [];
  try {
    known = (await opts.mastodonInstances?.()) ?? [];
  } catch (err) {
    rows.push({
      provider: "mastodon",
      check: "known instances",
      result: "warn",
      detail: `the instances with accounts could not be read: ${(err as Error).message}`,
    });
  }
  let fallback: string[] = [];
  try {
    fallback = [instanceBase(config.endpoints.mastodon.instance)];
  } catch {
    // urlsRow reports a malformed MASTODON_INSTANCE_URL
  }
  const instances = [...new Set([...fallback, ...known])];
  const verdicts = await Promise.all(instances.map(async (base) => ({ base, ...(await checkMastodonInstance(base)) })));
  for (const v of verdicts)
    rows.push({
      provider: "mastodon",
      check: `instance ${v.base === fallback[0] ? "(default) " : ""}${v.base.replace(/^https?:\/\//, "")}`,
      result: v.result,
      detail: v.detail,
    });
  return rows;
}

/** Bluesky: the configured server (BLUESKY_SERVER_URL) answers com.atproto.server.describeServer. */
async function blueskyServerRow(config: PlatformConfig): Promise<CheckRow> {
  const row = (result: CheckResult, detail: string): CheckRow => ({ provider: "bluesky", check: "server", result, detail });
  try {
    const info = await describeBlueskyServer(config.endpoints.bluesky.server);
    const domains = info.availableUserDomains.join(", ") || "none";
    return row("ok", `${info.server} answered describeServer (${info.did}; handles ${domains})`);
  } catch (err) {
    return row("fail", `${config.endpoints.bluesky.server} did not answer describeServer: ${(err as Error).message}`);
  }
}

async function checkProvider(provider: ProviderName, config: PlatformConfig, opts: CheckOptions = {}): Promise<CheckRow[]> {
  const apps = appsOf[provider];
  const credentialRows = apps.map((a) => credentialsRow(provider, a, config));
  const urls = urlsRow(provider, config);
  // a provider connected with an app password has no redirect to register; its server is asked instead
  const password = providerTable[provider].connect.method === "password";
  const rows: CheckRow[] = [...credentialRows, urls, ...(password ? [] : [redirectRow(provider, config)])];
  if (provider === "bluesky")
    rows.push(urls.result === "fail" ? { provider, check: "server", result: "skip", detail: "skipped: fix the URLs first" } : await blueskyServerRow(config));
  if (provider === "linkedin") rows.push({ provider, check: "LinkedIn-Version", ...linkedinVersionVerdict(config.linkedinVersion) });
  if (provider === "mastodon" && urls.result !== "fail") rows.push(...(await mastodonRows(config, opts)));
  const calls = await Promise.all(
    apps.map(async (a, i): Promise<CheckRow> => {
      const check = named("app credentials call", a);
      const cred = credentialRows[i]!;
      if (cred.result === "warn") return { provider, check, result: "skip", detail: "skipped: not configured" };
      if (cred.result !== "ok") return { provider, check, result: "skip", detail: "skipped: fix the credentials first" };
      if (urls.result === "fail") return { provider, check, result: "skip", detail: "skipped: fix the URLs first" };
      return { provider, check, ...(await appCredentialCall(provider, config, config.credentials[a.key])) };
    }),
  );
  return [...rows, ...calls];
}

/** Rows for the chosen provider, or for every configured one (all of them in sandbox mode). */
export async function checkPlatforms(opts: CheckOptions = {}): Promise<{ mode: string; rows: CheckRow[] }> {
  let config: PlatformConfig;
  try {
    config = platformConfig();
  } catch (err) {
    if (!(err instanceof ConfigurationError)) throw err;
    const rows = err.problems.map((p): CheckRow => ({ provider: "all", check: "configuration", result: "fail", detail: `${p.variable}: ${p.message}` }));
    return { mode: process.env.PLATFORMS ?? "sandbox", rows };
  }
  const chosen = opts.provider ? [opts.provider] : [...providers];
  const rows: CheckRow[][] = await Promise.all(
    chosen.map(async (p) => {
      // (providers without an installation-wide app, Bluesky and Mastodon, are always checked)
      if (config.mode === "live" && !opts.provider && appsOf[p].length > 0 && !appsOf[p].some(appIsSet)) {
        const a = appsOf[p][0]!;
        return [{ provider: p, check: "credentials", result: "skip" as const, detail: `not configured (${a.prefix}_CLIENT_ID, ${a.prefix}_CLIENT_SECRET)` }];
      }
      return checkProvider(p, config, opts);
    }),
  );
  return { mode: config.mode, rows: rows.flat() };
}

export function formatCheckTable(rows: CheckRow[]): string {
  const header: CheckRow = { provider: "provider", check: "check", result: "result" as CheckResult, detail: "detail" };
  const all = [header, ...rows];
  const width = (k: keyof CheckRow) => Math.max(...all.map((r) => r[k].length));
  const [wp, wc, wr] = [width("provider"), width("check"), width("result")];
  const lines = all.map((r) => `${r.provider.padEnd(wp)}  ${r.check.padEnd(wc)}  ${r.result.padEnd(wr)}  ${r.detail}`);
  const count = (r: CheckResult) => rows.filter((x) => x.result === r).length;
  return [...lines, "", `${count("ok")} ok, ${count("warn")} warn, ${count("fail")} fail, ${count("skip")} skipped`].join("\n");
}
