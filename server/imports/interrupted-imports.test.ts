import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { LeaseLost, runUnderLease, settledJobs, workerId } from '../jobs/leases.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { importJobs, startImportWorker, sweepInterruptedImports } from './import-jobs.js';

const password = 'Tidewater-Ledger-7781';
const mapping = {
  account_number: { mapping_col_name: 'A', title: 'Số tờ khai' },
  registered_date: { mapping_col_name: 'B', title: 'Ngày đăng ký' },
  type_code: { mapping_col_name: 'C', title: 'Mã loại hình' },
  code: { mapping_col_name: 'D', title: 'Mã hàng' },
  total: { mapping_col_name: 'E', title: 'Lượng' },
  unit: { mapping_col_name: 'F', title: 'ĐVT' },
};

/** A CSV of declaration lines, long enough that its import is still reading when it is stopped. */
function declarationsCsv(lines: number): Buffer {
  const rows = ['Số tờ khai;Ngày đăng ký;Mã loại hình;Mã hàng;Lượng;ĐVT'];
  for (let n = 1; n <= lines; n++) rows.push(`10580${String(n).padStart(6, '0')}0;01/03/2025;E31;NVL-${n % 500};${n % 97 + 1};KGM`);
  return Buffer.from(rows.join('\n'));
}

/** The reader processes this process started (the one reading and the spare), by their command line. */
function readerProcesses(): number[] {
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(process.pid)], { encoding: 'utf8' }).split('\n').map((pid) => Number(pid.trim())).filter(Boolean);
  return children.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('read-process');
    } catch {
      return false;
    }
  });
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`still waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Imports survive the process they run in', { timeout: 240_000 }, () => {
  let t: TestApp;
  let token = '';
  let folder = '';
  let uploadId = '';
  const company = 'interrupted-co';
  const lines = 150_000;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, app = t.app) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const record = async (id: number) => (await call('GET', `/api/balance/import-record/${id}/`)).json();
  const lineCount = async () => (await runner(t.database)<{ count: number }>('SELECT count(*)::int AS count FROM ecus_lines'))[0]!.count;
  const startImport = () => call('POST', '/api/balance/ecus/import_data/', {
    upload_id: uploadId, company_slug: company, folder_slug: folder, sheet_name: 'CSV', header_from: 1, mapping, on_duplicate: 'add',
  });

  beforeAll(async () => {
    const mail = captureMail();
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'importer@interrupted.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password, name: 'Importer' } });
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } });
    token = confirmed.json().token.access_token;
    folder = (await call('POST', '/api/clients-api/companies/', { name: 'Interrupted Co' })).json().folder_set[0].slug;
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/uploads/', ...withToken(multipart({}, { name: 'declarations.csv', content: declarationsCsv(lines) })) });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    uploadId = uploaded.json().upload_id;
  });
  afterAll(async () => t?.close());
  const withToken = (request: { payload: Buffer; headers: Record<string, string> }) => ({ payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${token}` } });

  it('reports a killed reader as an interrupted import, removes its rows, lets it be rolled back and started again', async () => {
    const started = await startImport();
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as number;
    await until(() => record(id), (current) => current.status === 'running' && current.progress > 0);
    for (const pid of readerProcesses()) process.kill(pid, 'SIGKILL');
    await settledJobs();

    const stopped = await record(id);
    expect(stopped).toMatchObject({ status: 'interrupted', failure: { code: 'interrupted' } });
    expect(stopped.progress).toBeLessThan(100);
    expect(await lineCount()).toBe(0);

    const rolledBack = await call('POST', `/api/balance/import-record/${id}/rollback/`);
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(rolledBack.json().status).toBe('rolled_back');

    const retried = await call('POST', `/api/balance/import-record/${id}/retry/`);
    expect(retried.statusCode, retried.body).toBe(409);

    const again = await startImport();
    const secondId = again.json().id as number;
    await until(() => record(secondId), (current) => current.status === 'running' && current.progress > 0);
    for (const pid of readerProcesses()) process.kill(pid, 'SIGKILL');
    await settledJobs();
    expect((await record(secondId)).status).toBe('interrupted');
    const retry = await call('POST', `/api/balance/import-record/${secondId}/retry/`);
    expect(retry.statusCode, retry.body).toBe(202);
    await settledJobs();
    expect(await record(retry.json().id)).toMatchObject({ status: 'succeeded', inserted: lines });
    expect(await lineCount()).toBe(lines);
  });

  it('takes over an import whose server stopped sending heartbeats, and leaves live ones alone', async () => {
    const run = runner(t.database);
    const [scope] = await run<{ company_id: string; folder_set_id: string }>(
      'SELECT c.id AS company_id, f.id AS folder_set_id FROM companies c JOIN folder_sets f ON f.company_id = c.id WHERE c.slug = $1', [company]);
    const insertRunning = async (heartbeatAgo: string) => {
      const [created] = await run<{ id: number }>(
        `INSERT INTO import_records (company_id, folder_set_id, resource, import_type, status, from_file, file_sha256, options, worker, heartbeat_at)
         VALUES ($1, $2, 'ecus', 'IMPORT', 'running', 'elsewhere.xlsx', 'x', '{}', 'another-host:1:dead', now() - $3::interval) RETURNING id`,
        [scope!.company_id, scope!.folder_set_id, heartbeatAgo]);
      await run(
        `INSERT INTO ecus_lines (company_id, folder_set_id, import_record_id, account_number, row_number, registered_date, type_code, code, total, unit)
         VALUES ($1, $2, $3, '105899999990', 1, '2025-04-01', 'E31', 'HALF-LOADED', 5, 'KGM')`, [scope!.company_id, scope!.folder_set_id, created!.id]);
      return created!.id;
    };
    // Stale to this sweep, not yet to the app's own, which sweeps every few seconds with a longer limit and would
    // otherwise take it first.
    const dead = await insertRunning('20 seconds');
    const alive = await insertRunning('1 second');

    expect(await sweepInterruptedImports(run, 10_000)).toEqual([dead]);
    expect(await record(dead)).toMatchObject({ status: 'interrupted', failure: { code: 'interrupted' } });
    expect(await run('SELECT id FROM ecus_lines WHERE import_record_id = $1', [dead])).toEqual([]);
    expect((await record(alive)).status).toBe('running');
    expect(await run('SELECT id FROM ecus_lines WHERE import_record_id = $1', [alive])).toHaveLength(1);
    await run("UPDATE import_records SET status = 'failed' WHERE id = $1", [alive]);
    await run('DELETE FROM ecus_lines WHERE import_record_id = $1', [alive]);
  });

  it('aborts a job that lost its lease to another server, without touching its record', async () => {
    const run = runner(t.database);
    const [row] = await run<{ id: number }>("SELECT id FROM import_records WHERE status = 'failed' ORDER BY id DESC LIMIT 1");
    await run("UPDATE import_records SET status = 'running', worker = $2, heartbeat_at = now() WHERE id = $1", [row!.id, workerId]);
    let reason: unknown;
    const job = runUnderLease({
      run, jobs: importJobs, id: row!.id, timing: { heartbeatMs: 20, staleMs: 1000, sweepMs: 1000 },
      work: (signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => { reason = signal.reason; resolve(); })),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reason).toBeUndefined();
    await run("UPDATE import_records SET worker = 'another-host:2:alive' WHERE id = $1", [row!.id]);
    await job;
    expect(reason).toBeInstanceOf(LeaseLost);
    await run("UPDATE import_records SET status = 'failed' WHERE id = $1", [row!.id]);
  });

  it('stops its imports when the server closes, and records them as interrupted with nothing loaded', async () => {
    const started = await startImport();
    const id = started.json().id as number;
    await until(() => record(id), (current) => current.status === 'running' && current.progress > 0);
    const before = await lineCount();
    await t.app.close();
    const [closed] = await runner(t.database)<{ status: string; failure: { code: string } }>('SELECT status, failure FROM import_records WHERE id = $1', [id]);
    expect(closed).toMatchObject({ status: 'interrupted', failure: { code: 'interrupted' } });
    expect((await runner(t.database)<{ count: number }>('SELECT count(*)::int AS count FROM ecus_lines WHERE import_record_id = $1', [id]))[0]!.count).toBe(0);
    expect(before).toBeGreaterThanOrEqual(lines);
  });
});

describe('Imports run by a worker elsewhere', { timeout: 120_000 }, () => {
  it('leaves queued imports to a worker with its own disk, which reads the upload from the database', async () => {
    const mail = captureMail();
    const t = await createTestApp({ authRateLimitPerMinute: 1000, runJobs: false, uploadStore: 'database' }, mail);
    const otherDisk = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-worker-'));
    try {
      const email = 'importer@worker.vn';
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password, name: 'Importer' } });
      const token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
      const auth = { authorization: `Bearer ${token}` };
      const folder = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: auth, payload: { name: 'Worker Co' } })).json().folder_set[0].slug;
      const form = multipart({}, { name: 'declarations.csv', content: declarationsCsv(3000) });
      const uploaded = await t.app.inject({ method: 'POST', url: '/api/uploads/', payload: form.payload, headers: { ...form.headers, ...auth } });
      const started = await t.app.inject({
        method: 'POST', url: '/api/balance/ecus/import_data/', headers: auth,
        payload: { upload_id: uploaded.json().upload_id, company_slug: 'worker-co', folder_slug: folder, sheet_name: 'CSV', header_from: 1, mapping },
      });
      expect(started.statusCode, started.body).toBe(202);
      const id = started.json().id as number;
      await settledJobs();
      const record = async () => (await t.app.inject({ method: 'GET', url: `/api/balance/import-record/${id}/`, headers: auth })).json();
      expect((await record()).status).toBe('queued');

      const worker = startImportWorker({ database: t.database, config: { ...t.config, dataDir: otherDisk } });
      await until(record, (current) => current.status === 'succeeded');
      await worker.stop();
      expect((await record()).inserted).toBe(3000);
      expect(fs.readdirSync(path.join(otherDisk, 'uploads'))).toEqual([uploaded.json().upload_id]);
    } finally {
      await t.close();
      fs.rmSync(otherDisk, { recursive: true, force: true });
    }
  });
});
