// The methods of what Next.js answers: its API route handlers (app/api/**/route.ts, their
// exports) and, for everything else (pages, /_next static files and images), GET. The web server
// refuses any other method with 405 and `Allow` in the envelope before Next sees the request:
// Next answered them with a bare 405 or 400, and TRACE with a 500 (undici's Request refuses it).
// route-methods.unit.test.ts holds this table to the route files.
export const nextApiRoutes: { prefix: string; methods: readonly string[] }[] = [
  { prefix: "/api/trpc/", methods: ["GET", "POST"] },
  { prefix: "/api/auth/", methods: ["GET", "POST"] },
  { prefix: "/api/connect/", methods: ["GET"] },
];

// Next's development server takes a few POSTs of its own (its error overlay's stack frames).
const PAGE_METHODS = ["GET"];
const DEV_PAGE_METHODS = ["GET", "POST"];

/** The methods Next answers on this path (HEAD runs as GET), or undefined for a path under /api that nothing answers. */
export function nextMethods(pathname: string, dev: boolean): readonly string[] | undefined {
  if (pathname === "/api" || pathname.startsWith("/api/")) return nextApiRoutes.find((r) => pathname.startsWith(r.prefix))?.methods;
  return dev ? DEV_PAGE_METHODS : PAGE_METHODS;
}
