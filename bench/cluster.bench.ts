import os from 'node:os';
import { clusterUnavailable, type ClusterReport, percentile, runCluster } from '../e2e/cluster.js';

/**
 * The deployment of several processes, in full (e2e/cluster.ts; its test runs it shortened): two servers and two
 * workers on one PostgreSQL through PgBouncer in transaction pooling, BENCH_CLIENTS (16) clients of lookup searches and
 * table lists through a balancer without sticky sessions, a tariff load, an import of BENCH_CLUSTER_LINES (50,000)
 * lines and Statement 15 over them, and a kill -9 of the worker running the import and of one server midway, its jobs
 * taken over after JOB_STALE_SECONDS (BENCH_STALE_SECONDS, 30: the default). Then the same load, import and report on
 * one server running its own jobs straight on PostgreSQL, the baseline of the ratios. Goals: no request lost, no error,
 * the import's lines once, the report computed, the lookup's kept answers dropped on both servers, p95 < 2× baseline.
 */
const lines = Number(process.env.BENCH_CLUSTER_LINES ?? 50_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 16);
const staleSeconds = Number(process.env.BENCH_STALE_SECONDS ?? 30);
const goals = { p95Ratio: 2 };

async function main(): Promise<void> {
  const unavailable = await clusterUnavailable();
  if (unavailable) {
    console.log(`skipped: ${unavailable}`);
    return;
  }
  const log = (message: string) => console.log(`  ${message}`);
  console.log(`cluster: 2 servers, 2 workers, PgBouncer (transaction pooling); ${clients} clients; import of ${lines.toLocaleString('en')} lines; ${os.cpus().length} cores`);
  const cluster = await runCluster({ topology: 'cluster', lines, clients, staleSeconds, log });
  console.log('baseline: 1 server running its jobs, straight on PostgreSQL, nothing killed');
  const single = await runCluster({ topology: 'single', lines, clients, staleSeconds, log });

  const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
  const line = (report: ClusterReport) => {
    const served = Object.entries(report.answered).map(([name, { before, after }]) => `${name} ${before}+${after}`).join(', ');
    return `${report.topology.padEnd(8)} ${String(report.latenciesMs.length).padStart(6)} requests answered in ${report.seconds.toFixed(0)} s (${(report.latenciesMs.length / report.seconds).toFixed(0)}/s; ${served}; `
      + `before+after the kill)  median ${ms(percentile(report.latenciesMs, 50))}  p95 ${ms(percentile(report.latenciesMs, 95))}  errors ${report.errors.length}  retried ${report.retried}  `
      + `PostgreSQL backends at most ${report.database.peakBackends}${report.database.pgbouncerServerConnections === undefined ? '' : `, PgBouncer server connections ${report.database.pgbouncerServerConnections}`}`;
  };
  console.log('');
  console.log(line(cluster));
  console.log(line(single));
  const ratio = percentile(cluster.latenciesMs, 95) / Math.max(1, percentile(single.latenciesMs, 95));
  const imported = cluster.import;
  const once = imported.rows === lines && imported.distinctRows === lines && imported.listed === lines && imported.leftByInterrupted === 0;
  const cache = cluster.cache;
  const dropped = cache !== undefined && Object.values(cache.after).every((count) => count === cache.expected);
  console.log(`p95 ${ratio.toFixed(2)}× the single server (goal < ${goals.p95Ratio}×): ${ratio < goals.p95Ratio ? 'met' : 'MISSED'}`);
  console.log(`import: ${imported.statuses.join(' → ')}${imported.killedWorkerHeldIt ? ' (its worker killed)' : ''}; ${imported.rows.toLocaleString('en')} rows, ${imported.distinctRows.toLocaleString('en')} distinct, ${imported.listed.toLocaleString('en')} listed: ${once ? 'once' : 'WRONG'}`);
  console.log(`report: Statement 15 answered ${cluster.report.status} with ${cluster.report.rows} rows (runs ${cluster.report.runs.join(', ')})`);
  console.log(`lookup after the tariff load: ${JSON.stringify(cache?.before)} → ${JSON.stringify(cache?.after)} within ${cache?.droppedWithinMs.toFixed(0)} ms: ${dropped ? 'dropped on every server' : 'KEPT'}`);
  const afterKill = cluster.answered['server-b']?.after ?? 0;
  if (cluster.errors.length > 0 || afterKill > 0 || !once || !dropped || cluster.report.status !== 200) {
    for (const error of cluster.errors.slice(0, 10)) console.log(`  error: ${error}`);
    process.exitCode = 1;
  }
}

await main();
