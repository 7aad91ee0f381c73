import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { users } from '../server/auth/tables.js';
import { issueToken } from '../server/auth/tokens.js';
import { createCompany } from '../server/companies/companies.js';
import { migrateDatabase, openPostgres } from '../server/db/client.js';
import { runner } from '../server/db/run.js';
import { percentile, recreateDatabase, sleep } from './harness.js';

/**
 * A worker killed in the middle of a large import, on PostgreSQL with real processes: one API server
 * (`server/main.ts`, RUN_JOBS=false, uploads in the database) and two `server/worker.ts` workers. The
 * import is started through the API; when it is about a third through, the worker running it gets
 * SIGKILL. Measured: the time until the surviving worker has marked the import interrupted and its rows
 * are gone (goal < 60 s), and another user's list requests meanwhile, as p95 against the same requests
 * with nothing running (goal < 250 ms).
 *
 * BENCH_DATABASE_URL (a database created and dropped for the run by default), BENCH_JOB_ROWS (200,000).
 */
const defaultUrl = 'postgres://postgres@127.0.0.1:5432/dutybook_bench_jobs';
const databaseUrl = process.env.BENCH_DATABASE_URL || defaultUrl;
const rows = Number(process.env.BENCH_JOB_ROWS ?? 200_000);
const neighbourRows = 20_000;
const goals = { recoveryMs: 60_000, p95Ms: 250 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function declarationsCsv(lines: number): Buffer {
  const out = ['Số tờ khai;Ngày đăng ký;Mã loại hình;Mã hàng;Tên hàng;Lượng;ĐVT;Trị giá'];
  for (let n = 1; n <= lines; n++) out.push(`10${String(n).padStart(9, '0')}0;${String(n % 28 + 1).padStart(2, '0')}/03/2025;E31;NVL-${n % 5000};Vải dệt thoi ${n % 313};${n % 97 + 1};MTR;${(n % 1000) * 13.5}`);
  return Buffer.from(out.join('\n'));
}

function start(script: string, env: Record<string, string>, name: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], { cwd: root, env: { ...process.env, TZ: 'UTC', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', () => undefined);
  child.stderr!.on('data', (chunk: Buffer) => { if (process.env.BENCH_VERBOSE) process.stderr.write(`[${name}] ${chunk}`); });
  return child;
}

async function main(): Promise<void> {
  let created: boolean;
  try {
    // A database named by BENCH_DATABASE_URL is the caller's: used as it is, never dropped.
    created = databaseUrl === defaultUrl && await recreateDatabase(databaseUrl);
  } catch (error) {
    console.log(`skipped: PostgreSQL does not answer at ${databaseUrl} (${(error as Error).message})`);
    return;
  }
  const database = await openPostgres(databaseUrl);
  await migrateDatabase(database);
  const run = runner(database);
  const token = async (email: string) => {
    const [user] = await database.db.insert(users).values({ email, name: email, isVerified: true }).returning();
    const { access_token: accessToken } = await issueToken({ db: database.db, userId: user!.id, ttlHours: 2 });
    const { company } = await createCompany(database.db, user!.id, { name: email.split('@')[0]! });
    return { accessToken, company: company.slug, companyId: company.id };
  };
  const importer = await token('importer@bench-jobs.local');
  const neighbour = await token('neighbour@bench-jobs.local');
  const year = String(new Date().getUTCFullYear());
  await run(
    `INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, item_name, total, unit)
     SELECT c.id, f.id, lpad(g::text, 11, '0') || '0', 1, date '2025-01-01' + (g % 365), 'E31', 'MAT-' || (g % 700), 'Neighbour line ' || g, g % 50 + 1, 'KGM'
       FROM companies c JOIN folder_sets f ON f.company_id = c.id, generate_series(1, $2) g WHERE c.id = $1`, [neighbour.companyId, neighbourRows]);

  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDirs = ['server', 'worker-a', 'worker-b'].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `dutybook-bench-${name}-`)));
  const common = { DATABASE_URL: databaseUrl, UPLOAD_STORE: 'database', LOG_LEVEL: 'warn' };
  const server = start('server/main.ts', { ...common, PORT: String(port), HOST: '127.0.0.1', RUN_JOBS: 'false', DATA_DIR: dataDirs[0]! }, 'server');
  const workers = [start('server/worker.ts', { ...common, DATA_DIR: dataDirs[1]! }, 'worker-a'), start('server/worker.ts', { ...common, DATA_DIR: dataDirs[2]! }, 'worker-b')];
  const base = `http://127.0.0.1:${port}/api`;
  try {
    for (let tries = 0; ; tries++) {
      if ((await fetch(`${base}/health/`).catch(() => null))?.ok) break;
      if (tries > 300) throw new Error('the server did not start');
      await sleep(100);
    }
    const listUrl = `${base}/balance/ecus/?company_slug=${neighbour.company}&folder_slug=${year}&page_size=50&ordering=-registered_date`;
    const listOnce = async () => {
      const started = performance.now();
      const answer = await fetch(listUrl, { headers: { authorization: `Bearer ${neighbour.accessToken}` } });
      if (!answer.ok) throw new Error(`list answered ${answer.status}`);
      await answer.arrayBuffer();
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let i = 0; i < 220; i++) { const ms = await listOnce(); if (i >= 20) idle.push(ms); }

    const form = new FormData();
    form.append('excel_file', new Blob([new Uint8Array(declarationsCsv(rows))]), 'declarations.csv');
    const auth = { authorization: `Bearer ${importer.accessToken}` };
    const uploaded = await (await fetch(`${base}/uploads/`, { method: 'POST', headers: auth, body: form })).json() as { upload_id: string };
    const mapping = Object.fromEntries(['account_number', 'registered_date', 'type_code', 'code', 'item_name', 'total', 'unit', 'total_value']
      .map((field, index) => [field, { mapping_col_name: String.fromCharCode(65 + index), title: field }]));
    const startedImport = await fetch(`${base}/balance/ecus/import_data/`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ upload_id: uploaded.upload_id, company_slug: importer.company, folder_slug: year, sheet_name: 'CSV', header_from: 1, mapping }),
    });
    const { id } = await startedImport.json() as { id: number };

    const during: number[] = [];
    let measuring = true;
    const neighbourLoop = (async () => { while (measuring) { during.push(await listOnce()); await sleep(20); } })();
    const record = async () => (await run<{ status: string; progress: number; worker: string | null; inserted: number }>('SELECT status, progress, worker, inserted FROM import_records WHERE id = $1', [id]))[0]!;
    let current = await record();
    while (!(current.status === 'running' && current.progress >= 33)) {
      if (['succeeded', 'failed'].includes(current.status)) throw new Error(`the import ended (${current.status}) before it could be stopped; raise BENCH_JOB_ROWS`);
      await sleep(50);
      current = await record();
    }
    const victim = workers.find((worker) => current.worker?.includes(`:${worker.pid}:`));
    if (!victim) throw new Error(`no worker of this run holds the import (${current.worker})`);
    const [loaded] = await run<{ count: number }>('SELECT count(*)::int AS count FROM ecus_lines WHERE import_record_id = $1', [id]);
    victim.kill('SIGKILL');
    const killedAt = performance.now();
    for (;;) {
      current = await record();
      const [left] = await run<{ count: number }>('SELECT count(*)::int AS count FROM ecus_lines WHERE import_record_id = $1', [id]);
      if (current.status === 'interrupted' && left!.count === 0) break;
      if (performance.now() - killedAt > 3 * goals.recoveryMs) throw new Error(`still ${current.status} with ${left!.count} rows after ${3 * goals.recoveryMs / 1000} s`);
      await sleep(200);
    }
    const recoveryMs = performance.now() - killedAt;
    measuring = false;
    await neighbourLoop;

    const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
    const idleP95 = percentile(ascending(idle), 95);
    const duringP95 = percentile(ascending(during), 95);
    console.log(`import of ${rows.toLocaleString('en')} lines; the worker running it was killed with ${loaded!.count.toLocaleString('en')} lines loaded`);
    console.log(`interrupted and its rows removed by the other worker after ${(recoveryMs / 1000).toFixed(1)} s (goal < ${goals.recoveryMs / 1000} s): ${recoveryMs < goals.recoveryMs ? 'met' : 'MISSED'}`);
    console.log(`neighbour's list, p95: idle ${idleP95.toFixed(0)} ms, during import and recovery ${duringP95.toFixed(0)} ms over ${during.length} requests (${(duringP95 / idleP95).toFixed(1)}× idle; goal < ${goals.p95Ms} ms): ${duringP95 < goals.p95Ms ? 'met' : 'MISSED'}`);
  } finally {
    for (const child of [server, ...workers]) child.kill('SIGTERM');
    await sleep(1000);
    await database.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    if (created) {
      const admin = new URL(databaseUrl);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query('DROP DATABASE IF EXISTS dutybook_bench_jobs WITH (FORCE)');
      await client.end();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
