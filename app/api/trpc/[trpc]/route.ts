import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { AppError } from "@/server/errors";
import { createContext } from "@/server/trpc/context";
import { appRouter } from "@/server/trpc/root";

const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: ({ req, resHeaders }) => createContext(req, resHeaders),
    // An error's headers (Retry-After of a 503 or a 429) reach the dashboard as they reach API clients.
    responseMeta: ({ errors }) => ({
      headers: new Headers(errors.flatMap((e) => (e.cause instanceof AppError ? Object.entries(e.cause.headers ?? {}) : []))),
    }),
  });

export { handler as GET, handler as POST };
