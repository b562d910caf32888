// The Prisma client (pg driver adapter), created on first use so that importing this module
// during `next build` needs no database.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./db/generated/client.ts";
import { env } from "./env.ts";

export { Prisma } from "./db/generated/client.ts";
export type * from "./db/generated/client.ts";

const globalForDb = globalThis as unknown as { __posteadyDb?: PrismaClient };

function create(): PrismaClient {
  const e = env();
  if (!e.databaseUrl) throw new Error("DATABASE_URL is not set; start the service with `npm start` or the CLI");
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: e.databaseUrl, max: e.databasePoolSize }),
  });
}

export function getDb(): PrismaClient {
  return (globalForDb.__posteadyDb ??= create());
}

/** `db.user.findMany(...)`: a lazy handle on the one client of this process. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getDb();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
