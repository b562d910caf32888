// When each sandbox profile called the platforms: the time of its first and last platform API
// request since the last clear, how many it made, and the times of its first TIMES_KEPT requests.
// Benchmarks read it (GET /_sandbox/activity) to learn when a publish job made its first platform
// call, which none of our own status changes tells: a job can be `processing` long before it
// reaches the platform. Only requests made with a profile's token count (an upload URL or a token
// exchange names no profile). Kept in memory, never persisted: 10,000 profiles of a benchmark at a
// dozen requests each take about 1 MB, and at most TIMES_KEPT numbers each whatever they do.
import type { SandboxProvider } from "./state.ts";

/** Enough for a day's 25 TikTok posts of one creator at a few calls each. */
export const TIMES_KEPT = 256;

export type ProfileActivity = {
  profileId: string;
  provider: SandboxProvider;
  /** epoch milliseconds, with the fraction: jobs a millisecond apart must stay apart */
  first: number;
  last: number;
  requests: number;
  /** arrival times of the first TIMES_KEPT requests, in order */
  times: number[];
};

/** Now in epoch milliseconds, with sub-millisecond precision. */
export const preciseNow = () => performance.timeOrigin + performance.now();

export class SandboxActivity {
  private readonly byProfile = new Map<string, ProfileActivity>();

  /** A platform API request made as `profileId`, arriving now. */
  record(provider: SandboxProvider, profileId: string, at = preciseNow()): void {
    const seen = this.byProfile.get(profileId);
    if (!seen) {
      this.byProfile.set(profileId, { profileId, provider, first: at, last: at, requests: 1, times: [at] });
      return;
    }
    seen.last = at;
    seen.requests += 1;
    if (seen.times.length < TIMES_KEPT) seen.times.push(at);
  }

  list(): ProfileActivity[] {
    return [...this.byProfile.values()];
  }

  clear(): void {
    this.byProfile.clear();
  }
}
