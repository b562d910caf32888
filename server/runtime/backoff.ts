// Restart delays for a supervised process: 1 s, 2 s, 4 s … up to 30 s while it keeps dying
// soon after each start; back to 1 s once a run has lasted a minute, so a process that fails
// once a day is restarted at once and a crash loop does not spin.
const FIRST_MS = 1_000;
const MAX_MS = 30_000;
const HEALTHY_RUN_MS = 60_000;

export class Backoff {
  private attempt = 0;

  /** The delay before the next start, given how long the last run lasted. */
  next(lastRunMs: number): number {
    if (lastRunMs >= HEALTHY_RUN_MS) this.attempt = 0;
    const delay = Math.min(MAX_MS, FIRST_MS * 2 ** this.attempt);
    this.attempt++;
    return delay;
  }
}
