/** How long a run owns a job without a heartbeat (configurable so recovery can be exercised quickly). */
export const LEASE_MS = Number(process.env.PUBLISH_LEASE_SECONDS ?? 60) * 1000;
