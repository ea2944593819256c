/**
 * Benchmark: the dashboard computation for 10 000 observations (DESIGN.md quality bar: < 100 ms).
 * Run: npx tsx tests/bench/dashboard-compute.ts — prints the median of 25 runs of every period view plus the
 * role counts (the work one dashboard render does when the period changes).
 */
import { computeStream, PERIODS } from '../../src/client/features/dashboard/compute-stream.js';
import { computeCounts } from '../../src/client/features/dashboard/compute-counts.js';

const N = 10_000;
const statuses = ['Pending', 'Ongoing', 'Completed'];
const semesters = ['Spring', 'Summer', 'Fall'];
const observations = Array.from({ length: N }, (_, i) => ({
  id: `o${i}`,
  status: statuses[i % 3],
  semester: semesters[(i >> 2) % 3],
  createdAt: new Date(Date.UTC(2021 + (i % 5), (i * 7) % 12, 1 + (i % 28), i % 24)).toISOString(),
  facultyId: `f${i % 400}`,
  observerId: `r${i % 50}`,
  departmentId: i % 8,
}));
const users = Array.from({ length: 500 }, (_, i) => ({
  id: `u${i}`,
  role: ['Observer', 'Faculty', 'Head_of_Department'][i % 3],
  department: { id: i % 8 },
}));
const courses = Array.from({ length: 200 }, (_, i) => ({ slots: [{ facultyId: `f${i}` }, { facultyId: null }] }));

function once(): number {
  const t0 = performance.now();
  for (const p of PERIODS) computeStream(observations, p);
  computeCounts({ id: 'sa', role: 'Super_Admin', department: null }, users, observations, courses);
  return performance.now() - t0;
}

for (let i = 0; i < 5; i++) once(); // warm-up
const times = Array.from({ length: 25 }, once).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`dashboard compute, ${N} observations, all 4 periods + counts: median ${median.toFixed(2)} ms (budget 100 ms)`);
process.exitCode = median < 100 ? 0 : 1;
