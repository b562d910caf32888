// Each Mastodon instance's limits (max_characters, attachments, URL weight…) kept in PostgreSQL, so
// the web process, the workers and the CLI validating posts read the same ones: fetched from
// GET /api/v2/instance when a first account connects and again when an hour old. An instance that
// cannot be reached keeps its last known limits; one never reached has none (its own checks apply).
import { db, Prisma, type ConnectedAccount } from "../../db.ts";
import { log } from "../../log.ts";
import { instanceLimits, type InstanceLimits } from "../../platforms/mastodon/mastodon-instance.ts";

const FRESH_MS = 3600_000;

/** The limits of an instance: stored ones while fresh, else read from the instance and stored. */
export async function limitsOfInstance(instance: string, opts: { fresh?: boolean } = {}): Promise<InstanceLimits | null> {
  const row = await db.mastodonInstance.findUnique({ where: { instance } });
  if (row && !opts.fresh && Date.now() - row.fetchedAt.getTime() < FRESH_MS) return row.limits as InstanceLimits;
  try {
    const limits = await instanceLimits(instance, { fresh: true });
    const data = { limits: limits as unknown as Prisma.InputJsonValue, fetchedAt: new Date() };
    await db.mastodonInstance.upsert({ where: { instance }, create: { instance, ...data }, update: data });
    return limits;
  } catch (err) {
    log.warn("mastodon instance limits not read", { instance, error: String(err) });
    return row ? (row.limits as InstanceLimits) : null;
  }
}

/** The instance of a Mastodon account (metadata.instance, written at connect). */
export const instanceOfAccount = (account: Pick<ConnectedAccount, "metadata">): string | null => {
  const base = (account.metadata as Record<string, unknown> | null)?.instance;
  return typeof base === "string" ? base : null;
};

/** Limits by account id for the Mastodon accounts among these (null: never reached). */
export async function mastodonLimitsOf(accounts: ConnectedAccount[]): Promise<Map<string, InstanceLimits | null>> {
  const out = new Map<string, InstanceLimits | null>();
  const byInstance = new Map<string, Promise<InstanceLimits | null>>();
  for (const account of accounts) {
    if (account.provider !== "mastodon") continue;
    const instance = instanceOfAccount(account);
    if (!instance) {
      out.set(account.id, null);
      continue;
    }
    if (!byInstance.has(instance)) byInstance.set(instance, limitsOfInstance(instance));
    out.set(account.id, await byInstance.get(instance)!);
  }
  return out;
}

/** Every instance we have an app on or a connected account of (`platforms check` asks each for its limits). */
export async function knownMastodonInstances(): Promise<string[]> {
  const apps = await db.mastodonApp.findMany({ select: { instance: true }, distinct: ["instance"] });
  const accounts = await db.connectedAccount.findMany({ where: { provider: "mastodon", disconnectedAt: null }, select: { metadata: true } });
  return [...new Set([...apps.map((a) => a.instance), ...accounts.map(instanceOfAccount).filter((i): i is string => i !== null)])];
}
