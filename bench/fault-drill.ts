// The fault drill: `npm start`'s whole service under load while its database is stopped (fast,
// smart, and for 10 s) and stalled (SIGSTOP, 40 s by default), and its worker and web process are
// SIGKILLed. Prints the counts; exits non-zero if a job was lost, left unfinished or published
// twice, a request answered 500, or one made while the database was stalled waited past its
// deadline (6 s; /api/health 2 s).
// Run: npm run drill:faults [-- JOBS [STALL_SECONDS]]   (default 500 40)
import { faultDrill } from "../server/testing/fault-drill.ts";

const jobs = Number(process.argv[2] ?? 500);
const stallSeconds = Number(process.argv[3] ?? 40);
const report = await faultDrill({ jobs, stallSeconds, log: (line) => console.log(line) });
console.log(JSON.stringify(report, null, 2));
const bad = report.lost + report.leftUnfinished + report.duplicates + report.publishedWithoutPost + report.serverErrors + report.stall.late;
console.log(
  `accepted ${report.accepted}: ${JSON.stringify(report.byStatus)}; lost ${report.lost}; left unfinished ${report.leftUnfinished}; ` +
    `published twice ${report.duplicates}; published without a post ${report.publishedWithoutPost}; 5xx other than 503: ${report.serverErrors}`,
);
console.log(
  `database stalled ${stallSeconds} s: longest wait per door ${JSON.stringify(report.stall.maxMs)} ms; ` +
    `answers ${JSON.stringify(report.stall.answers)}; late or unanswered ${report.stall.late}`,
);
process.exit(bad === 0 ? 0 : 1);
