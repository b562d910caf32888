// Structured logs, one JSON object per line on stderr.
import { env } from "./env.ts";

const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof levels;

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  let threshold: Level = "info";
  try {
    threshold = env().logLevel;
  } catch {
    // configuration not readable yet: log at the default level
  }
  if (levels[level] < levels[threshold]) return;
  process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
