import { env } from "../../../env.ts";

/** How long a run owns a job without a heartbeat, in seconds (PUBLISH_LEASE_SECONDS: short in drills, so recovery is quick). */
export const leaseSeconds = (): number => env().publishLeaseSeconds;
