import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../auth/tables.js';
import { issueToken } from '../auth/tokens.js';
import { createCompany } from '../companies/companies.js';
import { runner } from '../db/run.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { claimQueuedJob } from '../jobs/leases.js';
import { companyRunLimit, keptResultsPerReport, queueFullRetrySeconds, reportRunJobs } from './report-runs.js';

/**
 * A burst of reports from one company: the queue takes at most `companyRunLimit` of its runs and refuses the rest with
 * 429, and the workers claim another company's run before the rest of the first one's backlog. The server runs no
 * jobs here, so queued runs stay queued while the test looks at them.
 */
describe('report queue under a burst', () => {
  let t: TestApp;
  const companies: Array<{ id: string; slug: string; folderSetId: string; token: string }> = [];

  beforeAll(async () => {
    t = await createTestApp({ runJobs: false });
    const run = runner(t.database);
    for (const name of ['Flooding', 'Patient']) {
      const [user] = await t.database.db.insert(users).values({ email: `${name.toLowerCase()}@queue.vn`, name, isVerified: true }).returning();
      const { company } = await createCompany(t.database.db, user!.id, { name: `${name} Co` });
      const [set] = await run<{ id: string }>('SELECT id FROM folder_sets WHERE company_id = $1', [company.id]);
      const { access_token: token } = await issueToken({ db: t.database.db, userId: user!.id, ttlHours: 1 });
      companies.push({ id: company.id, slug: company.slug, folderSetId: set!.id, token });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const checkStatement = (company: (typeof companies)[number], tolerance: number) => t.app.inject({
    method: 'GET', headers: { authorization: `Bearer ${company.token}` },
    url: `/api/new-balance/check-statement/?company_slug=${company.slug}&folder_slug=${new Date().getUTCFullYear()}&tolerance=${tolerance}&wait=false`,
  });

  it(`queues at most ${companyRunLimit} runs of a company and answers 429 with Retry-After beyond them`, async () => {
    const [flooding, patient] = companies as [typeof companies[0], typeof companies[0]];
    for (let tolerance = 1; tolerance <= companyRunLimit; tolerance += 1) expect((await checkStatement(flooding, tolerance)).statusCode).toBe(202);
    const refused = await checkStatement(flooding, companyRunLimit + 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(queueFullRetrySeconds));
    expect(refused.json()).toMatchObject({ code: 'rate_limited', retry_after: queueFullRetrySeconds });
    // Asking again for a report under way joins its run; another company is not held back.
    expect((await checkStatement(flooding, 1)).statusCode).toBe(202);
    expect((await checkStatement(patient, 1)).statusCode).toBe(202);
    const pending = await runner(t.database)<{ company_id: string; count: number }>(
      `SELECT company_id, count(*)::int AS count FROM report_runs WHERE status = 'queued' GROUP BY company_id`);
    expect(Object.fromEntries(pending.map((row) => [row.company_id, row.count]))).toEqual({ [flooding.id]: companyRunLimit, [patient.id]: 1 });
  });

  it("claims another company's run before the rest of the first company's backlog", async () => {
    const run = runner(t.database);
    const [flooding, patient] = companies as [typeof companies[0], typeof companies[0]];
    const ownerOf = async (id: number | null) => (await run<{ company_id: string }>('SELECT company_id FROM report_runs WHERE id = $1', [id]))[0]?.company_id;
    // The flooding company queued first, so its oldest run goes first; the next worker slot goes to the other company.
    expect(await ownerOf(await claimQueuedJob(run, reportRunJobs))).toBe(flooding.id);
    expect(await ownerOf(await claimQueuedJob(run, reportRunJobs))).toBe(patient.id);
    expect(await ownerOf(await claimQueuedJob(run, reportRunJobs))).toBe(flooding.id);
  });
});

describe('kept report results', () => {
  let t: TestApp;

  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it(`keeps at most ${keptResultsPerReport} results of a report of a folder set, however many tolerances are asked for`, async () => {
    const run = runner(t.database);
    const [user] = await t.database.db.insert(users).values({ email: 'tolerant@queue.vn', name: 'Tolerant', isVerified: true }).returning();
    const { company } = await createCompany(t.database.db, user!.id, { name: 'Tolerant Co' });
    const { access_token: token } = await issueToken({ db: t.database.db, userId: user!.id, ttlHours: 1 });
    for (let tolerance = 1; tolerance <= keptResultsPerReport + 4; tolerance += 1) {
      const answer = await t.app.inject({
        method: 'GET', headers: { authorization: `Bearer ${token}` },
        url: `/api/new-balance/check-statement/?company_slug=${company.slug}&folder_slug=${new Date().getUTCFullYear()}&tolerance=${tolerance}`,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const kept = await run<{ report: string }>(`SELECT report FROM report_runs WHERE company_id = $1 ORDER BY id`, [company.id]);
    expect(kept).toHaveLength(keptResultsPerReport);
    // The newest stay: the last tolerance asked for is answered from its kept result.
    expect(kept.at(-1)!.report).toBe(`check-statement:${keptResultsPerReport + 4}`);
  });
});
