import pg from "pg";
import { expect, it } from "vitest";
import { sql } from "./db.ts";
import { env } from "./env.ts";

it("survives the server closing an idle connection, and the next query opens a new one", async () => {
  const [backend] = await sql<{ pid: number }>("test-backend-pid", "SELECT pg_backend_pid() AS pid", []);
  const admin = new pg.Client({ connectionString: env().databaseUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_terminate_backend($1)", [backend!.pid]);
  } finally {
    await admin.end();
  }
  // the pool hears of the closed connection as an "error" event on its idle client
  await new Promise((r) => setTimeout(r, 200));
  const rows = await sql<{ one: number }>("test-one", "SELECT 1 AS one", []);
  expect(rows).toEqual([{ one: 1 }]);
});
