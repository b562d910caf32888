// The atproto OAuth library's stores in PostgreSQL (several processes run: an attempt started by
// one is finished by another, and a session refreshed by one is read by all), each value sealed
// with the token key since it holds a DPoP private key and tokens. Refreshes are serialized
// across processes with a PostgreSQL advisory lock: a refresh token is single-use.
import type { NodeSavedSession, NodeSavedSessionStore, NodeSavedState, NodeSavedStateStore, RuntimeLock } from "@atproto/oauth-client-node";
import { db, dbPool } from "../../db.ts";
import { decryptToken, encryptToken } from "./token-cipher.ts";

/** An attempt lives as long as our own OAuthState row (connect-account.ts). */
const STATE_TTL_MS = 15 * 60_000;

const seal = (value: unknown) => encryptToken(JSON.stringify(value));
const open = <T>(sealed: string) => JSON.parse(decryptToken(sealed)) as T;

export const blueskyStateStore: NodeSavedStateStore = {
  async set(key, value) {
    const data = { valueEnc: seal(value), expiresAt: new Date(Date.now() + STATE_TTL_MS) };
    await db.blueskyOAuthState.upsert({ where: { key }, create: { key, ...data }, update: data });
  },
  async get(key) {
    const row = await db.blueskyOAuthState.findUnique({ where: { key } });
    return row && row.expiresAt.getTime() > Date.now() ? open<NodeSavedState>(row.valueEnc) : undefined;
  },
  async del(key) {
    await db.blueskyOAuthState.deleteMany({ where: { key } });
    // expired attempts are dropped on the way
    await db.blueskyOAuthState.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  },
};

export const blueskySessionStore: NodeSavedSessionStore = {
  async set(did, value) {
    const valueEnc = seal(value);
    await db.blueskyOAuthSession.upsert({ where: { did }, create: { did, valueEnc }, update: { valueEnc } });
  },
  async get(did) {
    const row = await db.blueskyOAuthSession.findUnique({ where: { did } });
    return row ? open<NodeSavedSession>(row.valueEnc) : undefined;
  },
  async del(did) {
    await db.blueskyOAuthSession.deleteMany({ where: { did } });
  },
};

/** One holder at a time per name across every process (a session-level advisory lock on its own connection). */
export const postgresRequestLock: RuntimeLock = async (name, fn) => {
  const client = await dbPool().connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [`bluesky-oauth:${name}`]);
    try {
      return await fn();
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [`bluesky-oauth:${name}`]);
    }
  } finally {
    client.release();
  }
};
