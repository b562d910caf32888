// Preloaded into the Prisma CLI by migrate.ts. The WebAssembly schema engine arms a 10-second
// timer that is never unref'd, so `prisma migrate deploy` idles 10 s after finishing. Unref'ing
// long timers lets the process exit as soon as its real work (sockets) is done.
const original = global.setTimeout;
global.setTimeout = function setTimeoutUnrefLong(fn, ms, ...args) {
  const timer = original.call(this, fn, ms, ...args);
  if (typeof ms === "number" && ms >= 5000 && timer && typeof timer.unref === "function") timer.unref();
  return timer;
};
