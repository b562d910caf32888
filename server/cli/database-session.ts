// The CLI uses the same database as `npm start`: DATABASE_URL, or the embedded server of this
// installation (reused if running, started for the command and stopped after otherwise).
import { resetEnv } from "../env.ts";
import { prepareDatabase, type Database } from "../runtime/database.ts";
import { ensurePrismaClient } from "../runtime/prisma-client.ts";

export async function openDatabase(): Promise<Database> {
  ensurePrismaClient(process.cwd());
  const database = await prepareDatabase();
  if (!process.env.DATABASE_URL) {
    process.env.DATABASE_URL = database.url;
    process.env.POSTEADY_EMBEDDED_DATABASE = "1";
    resetEnv();
  }
  return database;
}
