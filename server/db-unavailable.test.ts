// Which database errors are an outage (503, retry) and which are faults (500): real errors from
// a closed port, a terminated session and bad SQL, through pg and through Prisma.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { isDatabaseUnavailable } from "./db-unavailable.ts";
import { PrismaClient } from "./db/generated/client.ts";
import { freePort } from "./runtime/embedded-postgres.ts";

async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected an error");
}

describe("isDatabaseUnavailable", () => {
  it("is true for a server that refuses connections, through pg and through Prisma", async () => {
    const url = `postgresql://postgres@127.0.0.1:${await freePort()}/none`;
    const pool = new pg.Pool({ connectionString: url });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    try {
      expect(isDatabaseUnavailable(await caught(() => pool.query("SELECT 1")))).toBe(true);
      expect(isDatabaseUnavailable(await caught(() => prisma.user.findFirst()))).toBe(true);
      expect(isDatabaseUnavailable(await caught(() => prisma.$queryRaw`SELECT 1`))).toBe(true);
    } finally {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    }
  });

  it("is true for a session the server terminates (a restart, a fast shutdown)", async () => {
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    client.on("error", () => {}); // the session's own event; the query's rejection is what is judged
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await Promise.all([client.connect(), admin.connect()]);
    try {
      const pid = (await client.query("SELECT pg_backend_pid() AS pid")).rows[0].pid;
      const running = caught(() => client.query("SELECT pg_sleep(5)")); // heard at once: it fails while we wait below
      await new Promise((r) => setTimeout(r, 200));
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      expect(isDatabaseUnavailable(await running)).toBe(true);
    } finally {
      await admin.end();
      await client.end().catch(() => {});
    }
  });

  it("is false for errors of the statement or the data", async () => {
    const pool = new pg.Pool({ connectionString: inject("databaseUrl") });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    try {
      expect(isDatabaseUnavailable(await caught(() => pool.query("SELEC 1")))).toBe(false);
      expect(isDatabaseUnavailable(await caught(() => pool.query("SELECT 1/0")))).toBe(false);
      expect(isDatabaseUnavailable(await caught(() => prisma.$queryRaw`SELECT * FROM no_such_table`))).toBe(false);
      expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
    } finally {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    }
  });
});
