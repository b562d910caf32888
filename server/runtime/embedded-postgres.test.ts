// The embedded server's settings that the burst relies on (docs/architecture.md, "Autovacuum looks
// every 5 seconds"): with autovacuum's default minute, the job table's dead row versions doubled
// PostgreSQL's CPU per post in half of the 10,000-post bursts.
import { expect, it } from "vitest";
import { sql } from "../db.ts";

it.skipIf(process.env.TEST_DATABASE_URL)("the embedded PostgreSQL looks for tables to vacuum every 5 seconds", async () => {
  const rows = await sql<{ name: string; setting: string }>(
    "test-autovacuum-settings",
    `SELECT name, setting FROM pg_settings WHERE name IN ('autovacuum', 'autovacuum_naptime') ORDER BY name`,
    [],
  );
  expect(rows).toEqual([
    { name: "autovacuum", setting: "on" },
    { name: "autovacuum_naptime", setting: "5" },
  ]);
});
