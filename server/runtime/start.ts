// `npm start`: the whole service on embedded defaults; prints where to open it.
// `npm run dev`: the same with Next.js in development mode (hot reload, no build).
import { env, exitOnInvalidConfiguration } from "../env.ts";
import { startStack } from "./stack.ts";

const log = (line: string) => process.stdout.write(line + "\n");

async function main() {
  exitOnInvalidConfiguration();
  const started = Date.now();
  log("Starting Posteady…");
  // A signal while starting: stop as soon as there is a stack to stop.
  let signalled = false;
  const early = () => void (signalled = true);
  process.on("SIGINT", early).on("SIGTERM", early);
  const stack = await startStack({ log, dev: process.argv.includes("--dev") });
  process.off("SIGINT", early).off("SIGTERM", early);
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
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  if (signalled) return void shutdown(0);
  // From here the launcher supervises: a process or the embedded database that dies is restarted.
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
