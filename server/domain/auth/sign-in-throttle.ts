// Failed sign-ins, counted in PostgreSQL (every web process sees the same counts): 10 per
// 15 minutes for one email from one address, 100 per 15 minutes from one address (many emails).
// Keyed on the address too, so an attacker elsewhere cannot lock the owner out; a block lasts
// the rest of its window (at most 15 minutes), and signing in clears the email's count.
// The same counts cover every check of a secret of the person's own: the password and the
// two-factor or recovery code at sign-in, and the current password or code asked for by the
// account page (change password or email, turn two-factor on or off). Password reset requests
// have their own limits below: they prove nothing, but each one sends an email.
import type { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../../errors.ts";
import { postgresLimiter } from "../../rate-limit-store.ts";

const SIGN_IN_FAILURES_PER_EMAIL = 10;
const SIGN_IN_FAILURES_PER_ADDRESS = 100;
const WINDOW_SECONDS = 15 * 60;

let limiters: { byEmail: RateLimiterPostgres; byAddress: RateLimiterPostgres } | undefined;
function signInLimiters() {
  return (limiters ??= {
    byEmail: postgresLimiter({ keyPrefix: "sign-in-email", points: SIGN_IN_FAILURES_PER_EMAIL, duration: WINDOW_SECONDS }),
    byAddress: postgresLimiter({ keyPrefix: "sign-in-address", points: SIGN_IN_FAILURES_PER_ADDRESS, duration: WINDOW_SECONDS }),
  });
}

const emailKey = (email: string, address: string) => `${email} ${address}`;

/** Throws RATE_LIMITED while the email from this address, or the address, has no attempts left. */
export async function assertSignInAttemptsLeft(email: string, address: string): Promise<void> {
  const { byEmail, byAddress } = signInLimiters();
  const [forEmail, forAddress] = await Promise.all([byEmail.get(emailKey(email, address)), byAddress.get(address)]);
  const spent = (res: RateLimiterRes | null, points: number) => (res && res.consumedPoints >= points ? res.msBeforeNext : 0);
  const ms = Math.max(spent(forEmail, SIGN_IN_FAILURES_PER_EMAIL), spent(forAddress, SIGN_IN_FAILURES_PER_ADDRESS));
  if (ms > 0) throw tooMany("sign-in attempts", ms);
}

function tooMany(what: string, ms: number): AppError {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new AppError(
    "RATE_LIMITED",
    `Too many ${what}; try again in ${minutes} minute${minutes === 1 ? "" : "s"}`,
    { retryAfterSeconds: Math.ceil(ms / 1000) },
    { "Retry-After": String(Math.ceil(ms / 1000)) },
  );
}

export async function countFailedSignIn(email: string, address: string): Promise<void> {
  const { byEmail, byAddress } = signInLimiters();
  await Promise.all([byEmail.penalty(emailKey(email, address)), byAddress.penalty(address)]);
}

/** A successful sign-in clears its email's count from this address (not the address's own). */
export async function clearFailedSignIns(email: string, address: string): Promise<void> {
  await signInLimiters().byEmail.delete(emailKey(email, address));
}

// Password reset requests: 5 an hour for one email from anywhere (no mailbox is flooded with
// reset links), 20 per 15 minutes from one address (over any emails). Counted whether or not an
// account has the email, so the refusal says nothing about which addresses exist.
const RESET_REQUESTS_PER_EMAIL = 5;
const RESET_REQUESTS_PER_ADDRESS = 20;

let resetLimiters: { byEmail: RateLimiterPostgres; byAddress: RateLimiterPostgres } | undefined;

/** Counts one password reset request; throws RATE_LIMITED (and counts nothing) past either limit. */
export async function takePasswordResetRequest(email: string, address: string): Promise<void> {
  const { byEmail, byAddress } = (resetLimiters ??= {
    byEmail: postgresLimiter({ keyPrefix: "reset-email", points: RESET_REQUESTS_PER_EMAIL, duration: 60 * 60 }),
    byAddress: postgresLimiter({ keyPrefix: "reset-address", points: RESET_REQUESTS_PER_ADDRESS, duration: WINDOW_SECONDS }),
  });
  const [forEmail, forAddress] = await Promise.all([byEmail.get(email), byAddress.get(address)]);
  const spent = (res: RateLimiterRes | null, points: number) => (res && res.consumedPoints >= points ? res.msBeforeNext : 0);
  const ms = Math.max(spent(forEmail, RESET_REQUESTS_PER_EMAIL), spent(forAddress, RESET_REQUESTS_PER_ADDRESS));
  if (ms > 0) throw tooMany("password reset requests", ms);
  await Promise.all([byEmail.penalty(email), byAddress.penalty(address)]);
}
