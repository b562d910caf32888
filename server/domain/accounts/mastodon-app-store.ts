// Our app registration per Mastodon instance, in PostgreSQL so every process (web, workers, CLI)
// and every workspace reuse the one registered first. Two processes registering at once both
// reach the instance; the unique (instance, redirectUri) keeps the first saved and the other
// answers it (its own registration stays unused on the instance, harmless).
import { db, Prisma } from "../../db.ts";
import type { MastodonAppRegistration, MastodonAppStore } from "../../platforms/mastodon/mastodon-apps.ts";
import { decryptToken, encryptToken } from "./token-cipher.ts";

type Row = { instance: string; redirectUri: string; clientId: string; clientSecretEnc: string; scopes: string[] };

const registrationOf = (row: Row): MastodonAppRegistration => ({
  instance: row.instance,
  redirectUri: row.redirectUri,
  clientId: row.clientId,
  clientSecret: decryptToken(row.clientSecretEnc),
  scopes: row.scopes,
});

export const mastodonAppStore: MastodonAppStore = {
  async find(instance, redirectUri) {
    const row = await db.mastodonApp.findUnique({ where: { instance_redirectUri: { instance, redirectUri } } });
    return row ? registrationOf(row) : undefined;
  },

  async save(r) {
    try {
      const row = await db.mastodonApp.create({
        data: { instance: r.instance, redirectUri: r.redirectUri, clientId: r.clientId, clientSecretEnc: encryptToken(r.clientSecret), scopes: r.scopes },
      });
      return registrationOf(row);
    } catch (err) {
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
      const winner = await db.mastodonApp.findUniqueOrThrow({ where: { instance_redirectUri: { instance: r.instance, redirectUri: r.redirectUri } } });
      return registrationOf(winner);
    }
  },
};
