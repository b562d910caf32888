// The database's deadlines (server/db-deadlines.ts) on the test stack's database: a statement the
// server does not answer in time fails at the client's deadline as "unavailable" (a 503), and its
// connection leaves the pool, inside a Prisma transaction too; a statement the server cancels
// itself (its outcome known: not applied) leaves its connection usable. (drill:faults and its test stop a whole installation's
// database with SIGSTOP and ask every door.)
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { expect, inject, it } from "vitest";
import { deadlineOptions } from "./db-deadlines.ts";
import { isDatabaseUnavailable } from "./db-unavailable.ts";
import { PrismaClient } from "./db/generated/client.ts";

async function timedError(fn: () => Promise<unknown>): Promise<{ err: unknown; ms: number }> {
  const started = Date.now();
  try {
    await fn();
  } catch (err) {
    return { err, ms: Date.now() - started };
  }
  throw new Error("expected an error");
}

it("a statement the server does not answer within the deadline fails then, and its connection leaves the pool", async () => {
  // The server's own deadline set far past the client's: as a stalled server, it does not answer.
  const pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 2, ...deadlineOptions(1), statement_timeout: 60_000 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  try {
    const stalled = [
      () => pool.query("SELECT pg_sleep(20)"),
      () => prisma.$queryRaw`SELECT pg_sleep(20)`,
      () =>
        prisma.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          await tx.$queryRaw`SELECT pg_sleep(20)`;
        }),
    ];
    // twice the pool's size of transactions: a connection kept by any of them would leave none
    for (const attempt of [...stalled, stalled[2]!, stalled[2]!]) {
      const { err, ms } = await timedError(attempt);
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
      expect(ms).toBeLessThan(10_000); // at the deadline (1 s), not at the statement's end (20 s)
    }
    // a slot kept by any of them would make this checkout time out
    expect((await prisma.$queryRaw<{ ok: number }[]>`SELECT 1 AS ok`)[0]!.ok).toBe(1);
  } finally {
    await prisma.$disconnect();
    await pool.end();
  }
});

it("a statement the server cancels at its own deadline fails as unavailable and leaves its connection usable", async () => {
  const pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 1, ...deadlineOptions(3) });
  const client = await pool.connect();
  try {
    const pid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    const { err } = await timedError(() => client.query("SELECT pg_sleep(10)"));
    expect((err as { code?: string }).code).toBe("57014"); // canceled by statement_timeout: not applied
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect((await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid).toBe(pid);
  } finally {
    client.release();
    await pool.end();
  }
});
