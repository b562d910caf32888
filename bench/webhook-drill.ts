// The webhook drill: npm run drill:webhooks [-- jobs downSeconds retrySchedule]
// Defaults: 200 jobs, the receiver down for 10 minutes, retries 5s,1m,2m,5m,5m,5m,10m (the
// service's default schedule would wait 30 minutes after a 10-minute outage: same behaviour, longer run).
import { webhookDrill } from "../server/testing/webhook-drill.ts";

const [jobs = "200", downSeconds = "600", retrySchedule = "5s,1m,2m,5m,5m,5m,10m"] = process.argv.slice(2);
const started = Date.now();
const result = await webhookDrill({ jobs: Number(jobs), downSeconds: Number(downSeconds), retrySchedule, log: (line) => console.log(line) });
console.log(JSON.stringify({ ...result, missing: result.missing.slice(0, 10), missingCount: result.missing.length }, null, 2));
console.log(
  `jobs ${result.jobs} (published ${result.published}); events expected ${result.expectedEvents}, received ${result.eventsReceived}, missing ${result.missing.length}, duplicates ${result.duplicates} (with another webhook-id ${result.duplicatesWithAnotherId}), unverified ${result.unverified}; all delivered ${result.deliveredAfterUpSeconds.toFixed(1)} s after the receiver came back; ${((Date.now() - started) / 60000).toFixed(1)} min in all`,
);
process.exit(result.missing.length + result.duplicatesWithAnotherId + result.unverified === 0 ? 0 : 1);
