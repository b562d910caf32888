// Whether an error means "the database cannot be reached right now" (a restart, a shutdown, a
// network cut, a server that does not answer within the deadline) rather than a fault of the
// request or of our code. The doors answer such errors
// 503 SERVICE_UNAVAILABLE with Retry-After instead of 500, and the pool reconnects by itself
// when the database is back. Errors arrive from pg directly, or wrapped by Prisma's driver
// adapter (meta.driverAdapterError.cause.kind), so the whole cause chain is read.

// PostgreSQL's SQLSTATEs for a server going away or refusing connections (classes 08 and 57P,
// 53300 too many connections) and Node's socket errors.
const CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  // a statement the server cancelled at its statement_timeout (server/db-deadlines.ts)
  "57014",
  // Prisma: can't reach / timed out / server closed the connection / pool timeout
  "P1001",
  "P1002",
  "P1017",
  "P2024",
]);
const KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// pg raises these as plain Errors without a code.
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection error and is not queryable/i,
  /Can't reach database server/i,
  // pg's query_timeout; Prisma's transaction that could not start, or outlived its time, meanwhile
  /Query read timeout/,
  /Unable to start a transaction in the given time/i,
  /A (query|commit|rollback) cannot be executed on an expired transaction/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const o = e as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown }; errors?: unknown };
    if (typeof o.code === "string" && CODES.has(o.code)) return true;
    if (typeof o.kind === "string" && KINDS.has(o.kind)) return true;
    if (o.kind === "postgres" && typeof o.code === "string" && CODES.has(o.code)) return true;
    if (typeof o.message === "string" && MESSAGES.some((m) => m.test(o.message as string))) return true;
    queue.push(o.cause, o.meta?.driverAdapterError);
    if (Array.isArray(o.errors)) queue.push(...o.errors); // AggregateError (IPv4 and IPv6 both refused)
  }
  return false;
}
