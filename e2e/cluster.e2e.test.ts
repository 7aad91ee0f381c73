import { describe, expect, it } from 'vitest';
import { clusterUnavailable, type ClusterReport, percentile, runCluster } from './cluster.js';

/**
 * Two servers and two workers on one PostgreSQL through PgBouncer in transaction pooling, under load, with a worker
 * and a server killed midway (e2e/cluster.ts). Shortened here; `npm run bench -- cluster` runs it in full.
 */
const unavailable = await clusterUnavailable();
if (unavailable) console.warn(`cluster test skipped: ${unavailable}`);

describe.skipIf(unavailable !== null)('a deployment of two servers and two workers behind PgBouncer', () => {
  let report: ClusterReport;

  it('imports once, computes the report, and answers every request through the survivors', async () => {
    report = await runCluster({ topology: 'cluster', lines: 2_000, clients: 4, staleSeconds: 4, log: (message) => console.log(message) });
    const { answered, errors } = report;
    console.log(`${report.latenciesMs.length} requests in ${report.seconds.toFixed(1)} s, p95 ${percentile(report.latenciesMs, 95).toFixed(0)} ms, retried ${report.retried}; ${JSON.stringify(answered)}; ${JSON.stringify(report.import)}; ${JSON.stringify(report.report)}; ${JSON.stringify(report.database)}`);
    expect(errors).toEqual([]);
    // Both servers took requests before the kill; afterwards only the survivor answered, and every request was answered.
    expect(answered['server-a']!.before).toBeGreaterThan(0);
    expect(answered['server-b']!.before).toBeGreaterThan(0);
    expect(answered['server-b']!.after).toBe(0);
    expect(answered['server-a']!.after).toBeGreaterThan(0);

    // The import finished exactly once: every line of the file once, none left by the interrupted attempt.
    expect(report.import).toMatchObject({ rows: 2_000, distinctRows: 2_000, listed: 2_000, leftByInterrupted: 0 });
    expect(report.import.statuses.filter((status) => status === 'succeeded')).toHaveLength(1);
    expect(report.import.statuses.every((status) => status === 'succeeded' || status === 'interrupted')).toBe(true);
    if (report.import.killedWorkerHeldIt) expect(report.import.statuses[0]).toBe('interrupted');

    // The report run finished, over the imported lines, and no run was left behind.
    expect(report.report.status).toBe(200);
    expect(report.report.rows).toBeGreaterThan(0);
    expect(report.report.runs.every((status) => status === 'succeeded' || status === 'interrupted')).toBe(true);
  }, 180_000);

  it('drops the kept lookup answers on every server after a tariff load', () => {
    expect(report.cache).toBeDefined();
    const { before, after, expected } = report.cache!;
    for (const server of ['server-a', 'server-b']) {
      expect(before[server]).not.toBe(expected);
      expect(after[server], server).toBe(expected);
    }
  });
});
