// The fault drill: `npm start`'s whole service under load while its database is stopped (fast,
// smart, and for 10 s) and its worker and web process are SIGKILLed. Prints the counts; exits
// non-zero if a job was lost, left unfinished or published twice, or a request answered 500.
// Run: npm run drill:faults [-- JOBS]   (default 500)
import { faultDrill } from "../server/testing/fault-drill.ts";

const jobs = Number(process.argv[2] ?? 500);
const report = await faultDrill({ jobs, log: (line) => console.log(line) });
console.log(JSON.stringify(report, null, 2));
const bad = report.lost + report.leftUnfinished + report.duplicates + report.publishedWithoutPost + report.serverErrors;
console.log(
  `accepted ${report.accepted}: ${JSON.stringify(report.byStatus)}; lost ${report.lost}; left unfinished ${report.leftUnfinished}; ` +
    `published twice ${report.duplicates}; published without a post ${report.publishedWithoutPost}; 5xx other than 503: ${report.serverErrors}`,
);
process.exit(bad === 0 ? 0 : 1);
