import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance as nodePerformance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { extraFieldName } from '../common/imports/cells.js';
import { resourceNamed } from '../common/resources/index.js';
import { buildApp } from '../server/app.js';
import { parseDecimalText } from '../common/imports/coerce.js';
import { ecusFields } from '../common/resources/ecus.js';
import { loadConfig } from '../server/config.js';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../server/db/client.js';
import { runner } from '../server/db/run.js';
import type { RowPlan } from '../server/imports/convert-rows.js';
import { loadInChild } from '../server/imports/reader.js';
import { importFields } from '../server/imports/setup.js';
import { capturingMailer, epoch, instrumented, percentile, sleep, type Timed } from './harness.js';
import { ecusColumns, ecusLine, ecusMapping, type LineCell, sheetName, writeEcusWorkbook } from './imports-workbook.js';
import { startMonitor } from './processes.js';

/**
 * An ECUS declaration list of 200,000 lines × 25 columns imported END TO END through the HTTP API of
 * the real app (upload → import_data → poll the record → count through the list API), on PostgreSQL
 * and on the embedded PGlite, against baselines in the same run: the exceljs streaming reader parsing
 * the same file alone (the median of three passes), and the same rows loaded alone with COPY. While the big import runs, a second
 * user of another company lists its own table every 100 ms; the server's RSS and its reader child's
 * RSS are sampled every 100 ms. A 50,000-line file shows whether memory grows with the rows.
 *
 * Each (engine, file) import runs in a fresh server process of its own (this file with
 * BENCH_IMPORT_ROLE=server), so that neither the generator nor another run colours its memory; on
 * PGlite it opens a copy of a data directory migrated beforehand, as a restarted server would.
 *
 * BENCH_IMPORT_ROWS (200,000), BENCH_IMPORT_SMALL_ROWS (50,000), BENCH_IMPORT_ENGINES (postgres,pglite),
 * BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/dutybook_bench_imports: that default database
 * is recreated and dropped; a database named by the variable is created when missing and otherwise
 * only cleared of this benchmark's companies and users), BENCH_CPU_PROF=<dir> writes a CPU profile of
 * each server process, BENCH_IMPORT_TRACE=1 lists the slow requests and statements. The import is followed until
 * its rows' search text is kept (`search_indexed`), and the other user's requests are counted until then. Targets missed still exit 0; a broken run (an import that fails, a wrong
 * count) exits 1.
 */
const bigRows = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const smallRows = Math.min(bigRows, Number(process.env.BENCH_IMPORT_SMALL_ROWS ?? 50_000));
const defaultUrl = 'postgres://postgres@127.0.0.1:5432/dutybook_bench_imports';
const databaseUrl = process.env.BENCH_DATABASE_URL || defaultUrl;
const engines = (process.env.BENCH_IMPORT_ENGINES ?? 'postgres,pglite').split(',').map((engine) => engine.trim()).filter(Boolean) as Engine[];
const intervalMs = 100;
const importTimeoutMs = 10 * 60_000;
const targets = {
  ratioPostgres: 1, ratioPglite: 0.6, peakMb: 600, growth: 0.25,
  /** The other user's list from the upload until the import's search text is kept. */
  latency: { postgres: { p95: 100, max: Number.POSITIVE_INFINITY }, pglite: { p95: 250, max: 1000 } } satisfies Record<Engine, { p95: number; max: number }>,
};
const resultMarker = 'BENCH_IMPORT_RESULT ';
const thisFile = fileURLToPath(import.meta.url);
const mb = (bytes: number) => bytes / 1024 / 1024;
const emailDomain = 'bench-imports.local';
const companyPrefix = 'Bench Imports';

type Engine = 'postgres' | 'pglite';

interface ServerResult {
  engine: Engine;
  rows: number;
  fileBytes: number;
  uploadMs: number;
  importMs: number;
  wallMs: number;
  /** From the record succeeded until its rows' search text is kept (`search_indexed`). */
  indexMs: number;
  status: string;
  traceback: string | null;
  counted: number;
  sampleOk: boolean;
  rssBeforeMb: number;
  rssPeakMb: number;
  childPeakMb: number;
  /**
   * CPU seconds of the reader processes together: the upload's outline and the job's rows (a reader
   * waits ready for the next file, so which one serves which is not known in advance).
   */
  childCpuS: number;
  serverCpuS: number;
  heapPeakMb: number;
  setupMs: number;
  mainThreadBusyS: number;
  latency: { count: number; median: number; p95: number; max: number; errors: number; idleMedian: number };
  database: Record<string, { count: number; ms: number }>;
  raw?: { method: string; ms: number; rows: number; buildMs: number };
}

// ---------------------------------------------------------------------------------------------
// The server process: one engine, one file.
// ---------------------------------------------------------------------------------------------

/** What a statement of the import job is, by its text; null for anything else (logins, the other user's lists). */
function categoryOf(sql: string): string | null {
  const text = sql.trimStart();
  if (text.startsWith('COPY ')) return 'COPY batches';
  if (text.startsWith('INSERT INTO import_rejected_rows')) return 'refused rows kept';
  if (text.startsWith('UPDATE import_records SET total_rows')) return 'progress updates';
  if (text.startsWith('CREATE UNLOGGED TABLE import_stage_')) return 'staging table created';
  if (text.startsWith("UPDATE import_records SET status = 'running'") || text.startsWith('UPDATE import_records SET status = $2')) return 'record status';
  if (text === 'BEGIN' || text === 'COMMIT') return text === 'COMMIT' ? 'commit' : 'begin';
  if (text.startsWith('DROP TABLE IF EXISTS import_stage_')) return 'tables of its own dropped';
  if (text.startsWith('WITH batch AS')) return 'lines summed and classified, declarations kept, batch by batch';
  if (text.startsWith('CREATE UNLOGGED TABLE import_summed_')) return 'batch sums added up';
  if (text.startsWith('CREATE UNLOGGED TABLE import_classified_')) return 'batch classifications added up';
  if (text.startsWith('WITH imported AS')) return 'classification conflicts checked';
  if (text.startsWith('ANALYZE')) return 'statistics sampled';
  if (text.includes('ecus_classifications')) return 'classifications';
  if (text.includes('ecus_superseded_lines') && !text.includes('ecus_monthly_sums')) return 'superseded lines';
  if (text.includes('ecus_monthly_sums')) return 'monthly sums';
  return null;
}

/** A CSV field for COPY: text quoted, dates as ISO days, empty for null. */
function csvField(value: LineCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  return `"${value.replaceAll('"', '""')}"`;
}

/** The columns the raw load fills, in ecus_lines terms, and line `i` as a CSV record of them. */
const rawColumns = ['company_id', 'folder_set_id', 'import_record_id', 'extra', ...ecusColumns.flatMap((column) => (column.field ? [column.field] : []))];
const noteIndex = ecusColumns.findIndex((column) => column.field === null);
/** The raw rows carry an import's id, as an import's rows do, which keeps them out of the table's own search index. */
const rawImportRecordId = '1';
function csvRecord(i: number, companyId: string, folderSetId: string): string {
  const line = ecusLine(i);
  const note = line[noteIndex];
  const extra = typeof note === 'string' ? csvField(JSON.stringify({ [extraFieldName(ecusColumns[noteIndex]!.header)]: note })) : '';
  // The workbook's text numbers as the import stores them (the raw load measures COPY, not reading).
  const stored = line.map((cell, index) => (typeof cell === 'string' && ecusFields[ecusColumns[index]?.field ?? 'code']?.kind === 'decimal' ? parseDecimalText(cell, ',') : cell));
  return [companyId, folderSetId, rawImportRecordId, extra, ...stored.filter((_, index) => index !== noteIndex).map(csvField)].join(',');
}

/** COPY … FROM STDIN over pg's own copy-in messages (what pg-copy-streams does, without it); resolves with the row count. */
function copyFromStdin(client: pg.Client, sql: string, chunks: Buffer[]): Promise<number> {
  interface CopyConnection { query: (text: string) => void; sendCopyFromChunk: (chunk: Buffer) => void; endCopyFrom: () => void }
  return new Promise((resolve, reject) => {
    let rows = 0;
    let failure: Error | undefined;
    const submittable = {
      submit: (connection: unknown) => { (connection as CopyConnection).query(sql); },
      handleCopyInResponse: (connection: unknown) => {
        for (const chunk of chunks) (connection as CopyConnection).sendCopyFromChunk(chunk);
        (connection as CopyConnection).endCopyFrom();
      },
      handleCommandComplete: (message: { text: string }) => { rows = Number(message.text.split(' ').at(-1)); },
      handleError: (error: Error) => { failure = error; },
      handleReadyForQuery: () => (failure ? reject(failure) : resolve(rows)),
    };
    client.query(submittable as unknown as pg.Submittable);
  });
}

/**
 * The raw-load baseline: the same rows, already typed, loaded with COPY into a table shaped like
 * ecus_lines with its indexes and foreign keys (LIKE ecus_lines INCLUDING ALL, plus the two references).
 * Building the CSV text is timed apart; the load is the COPY statement alone.
 */
async function rawLoad(database: Database, url: string | undefined, rows: number, companyId: string, folderSetId: string): Promise<NonNullable<ServerResult['raw']>> {
  const run = runner(database);
  await run('DROP TABLE IF EXISTS bench_raw_load');
  await run('CREATE TABLE bench_raw_load (LIKE ecus_lines INCLUDING ALL)');
  await run(`ALTER TABLE bench_raw_load ADD FOREIGN KEY (company_id) REFERENCES companies (id) ON DELETE CASCADE,
    ADD FOREIGN KEY (folder_set_id) REFERENCES folder_sets (id) ON DELETE CASCADE`);
  const built = epoch();
  const chunks: string[] = [];
  let chunk: string[] = [];
  for (let i = 0; i < rows; i += 1) {
    chunk.push(csvRecord(i, companyId, folderSetId));
    if (chunk.length === 10_000) { chunks.push(`${chunk.join('\n')}\n`); chunk = []; }
  }
  if (chunk.length) chunks.push(`${chunk.join('\n')}\n`);
  const buildMs = epoch() - built;
  const copy = `COPY bench_raw_load (${rawColumns.join(', ')}) FROM ${database.kind === 'pglite' ? "'/dev/blob'" : 'STDIN'} WITH (FORMAT csv)`;
  let loaded: number;
  const started = epoch();
  if (database.kind === 'pglite') {
    const blob = new Blob(chunks);
    const result = await database.pglite.query(copy, [], { blob });
    loaded = result.affectedRows ?? 0;
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      loaded = await copyFromStdin(client, copy, chunks.map((text) => Buffer.from(text)));
    } finally {
      await client.end();
    }
  }
  const ms = epoch() - started;
  const [counted] = await run<{ count: number }>('SELECT count(*)::int AS count FROM bench_raw_load');
  await run('DROP TABLE bench_raw_load');
  if (loaded !== rows || counted?.count !== rows) throw new Error(`the raw load wrote ${loaded} (${counted?.count}) rows of ${rows}`);
  return { method: database.kind === 'pglite' ? "COPY … FROM '/dev/blob' (CSV)" : 'COPY … FROM STDIN (CSV)', ms, rows, buildMs };
}

async function serverMain(): Promise<void> {
  const engine = process.env.BENCH_IMPORT_ENGINE as Engine;
  const file = process.env.BENCH_IMPORT_FILE!;
  const rows = Number(process.env.BENCH_IMPORT_FILE_ROWS);
  const tag = process.env.BENCH_IMPORT_TAG ?? String(Date.now());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-bench-imports-server-'));
  const setupStart = epoch();
  // PGlite opens a copy of a migrated data directory, as a restarted server opens its own (creating a
  // cluster costs seconds and leaves the initdb module's memory behind).
  if (engine === 'pglite') fs.cpSync(process.env.BENCH_IMPORT_PGLITE_TEMPLATE!, path.join(dataDir, 'db'), { recursive: true });
  const plain = engine === 'postgres' ? await openPostgres(databaseUrl) : await openPglite({ dataDir: path.join(dataDir, 'db') });
  const timings: Timed[] = [];
  try {
    await migrateDatabase(plain);
    const database = instrumented(plain, timings, categoryOf);
    const mailer = capturingMailer();
    const config = { ...loadConfig({ DATA_DIR: dataDir }), webDir: path.join(dataDir, 'no-web'), uploadMaxBytes: 200 * 1024 * 1024, authRateLimitPerMinute: 10_000 };
    const app = await buildApp({ config, database, mailer });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const api = async <T = Record<string, unknown>>(method: string, url: string, token?: string, body?: object | FormData): Promise<T> => {
      const response = await fetch(`${address}${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
      return JSON.parse(text) as T;
    };
    const signUp = async (who: string) => {
      const email = `${who}-${tag}@${emailDomain}`;
      await api('POST', '/api/registration/', undefined, { email, password: 'Customs-Ledger-2026', name: who });
      const confirmed = await api<{ token: { access_token: string } }>('POST', '/api/registration-confirm/', undefined, { email, token: mailer.lastCode(email) });
      return confirmed.token.access_token;
    };
    const createCompany = async (token: string, name: string) => {
      const company = await api<{ slug: string; folder_set: Array<{ slug: string }> }>('POST', '/api/clients-api/companies/', token, { name: `${companyPrefix} ${name} ${tag}` });
      return { slug: company.slug, folder: company.folder_set[0]!.slug };
    };
    const importer = await signUp('importer');
    const other = await signUp('other');
    const mine = await createCompany(importer, 'Importer');
    const theirs = await createCompany(other, 'Neighbour');

    // The neighbour's own table: 2,000 declaration lines, listed a page at a time while the import runs.
    const run = runner(plain);
    const [scope] = await run<{ company_id: string; folder_set_id: string }>(
      'SELECT c.id AS company_id, f.id AS folder_set_id FROM companies c JOIN folder_sets f ON f.company_id = c.id WHERE c.slug = $1 AND f.slug = $2', [theirs.slug, theirs.folder]);
    await run(
      `INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, hs, item_name, total, unit)
       SELECT $1, $2, '10' || lpad((800000000 + i / 8)::text, 9, '0') || '0', i % 8 + 1, DATE '2025-01-01' + i % 365, 'E31',
              'NPL-' || lpad((i % 500)::text, 5, '0'), '52085200', 'Vải cotton loại ' || i % 17, i % 1000 + 1, 'MTR'
         FROM generate_series(0, 1999) AS i`, [scope!.company_id, scope!.folder_set_id]);
    const listUrl = `${address}/api/balance/ecus/?company_slug=${theirs.slug}&folder_slug=${theirs.folder}`;

    const setupMs = epoch() - setupStart;
    const monitor = startMonitor(listUrl, other, intervalMs);
    // The main isolate's heap, sampled here (the monitor process cannot see it); late when the loop is busy.
    let heapPeak = 0;
    const heapTimer = setInterval(() => { heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed); }, intervalMs);
    await sleep(1500);
    heapPeak = 0;
    const cpuBefore = process.cpuUsage();
    const eluBefore = nodePerformance.eventLoopUtilization();
    const uploadStart = epoch();
    const form = new FormData();
    form.append('excel_file', await fs.openAsBlob(file), path.basename(file));
    const uploaded = await api<{ upload_id: string }>('POST', '/api/uploads/', importer, form);
    const importStart = epoch();
    const started = await api<{ id: number }>('POST', '/api/balance/ecus/import_data/', importer, {
      upload_id: uploaded.upload_id, company_slug: mine.slug, folder_slug: mine.folder, sheet_name: sheetName, header_from: 1, header_to: 1, mapping: ecusMapping,
    });
    let record: { status: string; traceback: string | null; progress: number; total_rows: number };
    for (;;) {
      record = await api('GET', `/api/balance/import-record/${started.id}/`, importer);
      if (record.status === 'succeeded' || record.status === 'failed') break;
      if (epoch() - importStart > importTimeoutMs) throw new Error(`the import did not finish in ${importTimeoutMs / 60_000} minutes (status ${record.status}, ${record.total_rows} rows read)`);
      await sleep(250);
    }
    const done = epoch();
    // The rows' search text is kept after the commit; the other user's requests are watched until it is.
    while (record.status === 'succeeded' && !(await api<{ search_indexed: boolean }>('GET', `/api/balance/import-record/${started.id}/`, importer)).search_indexed) {
      if (epoch() - importStart > importTimeoutMs) throw new Error(`the search text was not kept in ${importTimeoutMs / 60_000} minutes`);
      await sleep(100);
    }
    const indexed = epoch();
    const cpu = process.cpuUsage(cpuBefore);
    const elu = nodePerformance.eventLoopUtilization(eluBefore);
    const report = await monitor.stop();
    // BENCH_IMPORT_TRACE=1 names the other user's slow requests and the import's slow statements, by when they started.
    if (process.env.BENCH_IMPORT_TRACE) {
      const copies = timings.filter((entry) => entry.category === 'COPY batches');
      const firstCopy = copies[0]?.start ?? importStart;
      const lastCopy = copies.reduce((end, entry) => Math.max(end, entry.start + entry.ms), firstCopy);
      console.error(`phases: first batch copied from ${(firstCopy - importStart).toFixed(0)} ms, the last done at ${(lastCopy - importStart).toFixed(0)} ms, `
        + `succeeded at ${(done - importStart).toFixed(0)} ms, indexed at ${(indexed - importStart).toFixed(0)} ms`);
      for (const [time, ms] of report.latencies) if (ms > 500) console.error(`slow list at ${time - importStart} ms: ${ms} ms`);
      for (const entry of timings) if (entry.ms > 500) console.error(`slow statement ${entry.category} at ${entry.start - importStart} ms: ${entry.ms} ms`);
    }
    clearInterval(heapTimer);

    const listed = await api<{ count: number; results: Array<Record<string, unknown>> }>('GET',
      `/api/balance/ecus/?company_slug=${mine.slug}&folder_slug=${mine.folder}&import_record_id=${started.id}&ordering=id&page_size=1`, importer);
    // A list this large answers an estimated count; its last page counts exactly what it holds.
    const lastPage = await api<{ count: number }>('GET',
      `/api/balance/ecus/?company_slug=${mine.slug}&folder_slug=${mine.folder}&import_record_id=${started.id}&page_size=500&page=${Math.max(1, Math.ceil(rows / 500))}`, importer);
    const first = listed.results[0] ?? {};
    const expected = ecusLine(0);
    const sampleOk = first.account_number === expected[0] && first.registered_date === '2025-01-01' && first.code === expected[4] && first.hs === expected[5]
      && first.item_name === expected[6] && Number(first.total) === Number(parseDecimalText(String(expected[8]), ',')) && (first.extra as Record<string, unknown> | null)?.ghichu === expected[24];

    const during = (time: number) => time >= uploadStart && time <= indexed;
    const window = report.memory.filter(([time]) => during(time));
    const latencies = report.latencies.filter(([time]) => during(time));
    const sorted = latencies.map(([, ms]) => ms).sort((a, b) => a - b);
    const idle = report.latencies.filter(([time]) => time < uploadStart).map(([, ms]) => ms).sort((a, b) => a - b);
    const statements: ServerResult['database'] = {};
    for (const entry of timings.filter((timing) => timing.start >= importStart && timing.start <= indexed)) {
      const slot = (statements[entry.category] ??= { count: 0, ms: 0 });
      slot.count += 1;
      slot.ms += entry.ms;
    }
    const result: ServerResult = {
      engine, rows, fileBytes: fs.statSync(file).size,
      uploadMs: importStart - uploadStart, importMs: done - importStart, wallMs: done - uploadStart, indexMs: indexed - done,
      status: record.status, traceback: record.traceback, counted: lastPage.count, sampleOk,
      rssBeforeMb: mb(report.memory.filter(([time]) => time < uploadStart).at(-1)?.[1] ?? 0),
      rssPeakMb: mb(Math.max(0, ...window.map(([, rss]) => rss))),
      childPeakMb: mb(Math.max(0, ...report.children.map((child) => child.peak))),
      childCpuS: report.children.reduce((sum, child) => sum + child.ticks, 0) / 100,
      serverCpuS: (cpu.user + cpu.system) / 1e6,
      mainThreadBusyS: elu.active / 1000,
      heapPeakMb: mb(heapPeak),
      setupMs,
      latency: {
        count: sorted.length, median: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN,
        errors: latencies.filter(([, , status]) => status !== 200).length, idleMedian: percentile(idle, 50),
      },
      database: statements,
    };
    await app.close();
    if (process.env.BENCH_IMPORT_RAW === '1' && record.status === 'succeeded') {
      const [own] = await run<{ company_id: string; folder_set_id: string }>(
        'SELECT c.id AS company_id, f.id AS folder_set_id FROM companies c JOIN folder_sets f ON f.company_id = c.id WHERE c.slug = $1 AND f.slug = $2', [mine.slug, mine.folder]);
      result.raw = await rawLoad(plain, databaseUrl, rows, own!.company_id, own!.folder_set_id);
    }
    console.log(resultMarker + JSON.stringify(result));
  } finally {
    await plain.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The coordinating process: files, baselines, server runs, the table.
// ---------------------------------------------------------------------------------------------

/** The benchmark database: the default one is made fresh; one named by BENCH_DATABASE_URL is created when missing. */
async function prepareDatabase(): Promise<{ dispose: () => Promise<void> } | null> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (error) {
    console.log(`PostgreSQL skipped: ${admin.host} does not answer (${(error as Error).message})`);
    return null;
  }
  const quotedName = `"${name.replaceAll('"', '""')}"`;
  const ownDatabase = databaseUrl === defaultUrl;
  if (ownDatabase) await client.query(`DROP DATABASE IF EXISTS ${quotedName} WITH (FORCE)`);
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  const created = found.rowCount === 0;
  if (created) await client.query(`CREATE DATABASE ${quotedName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  await client.end();
  return {
    dispose: async () => {
      const again = new pg.Client({ connectionString: created ? admin.toString() : databaseUrl });
      await again.connect();
      try {
        if (created) {
          await again.query(`DROP DATABASE IF EXISTS ${quotedName} WITH (FORCE)`);
        } else {
          await again.query('DELETE FROM companies WHERE name LIKE $1', [`${companyPrefix} %`]);
          await again.query('DELETE FROM users WHERE email LIKE $1', [`%@${emailDomain}`]);
        }
      } finally {
        await again.end();
      }
    },
  };
}

/** The exceljs streaming reader over the file with the options the app reads with, doing nothing with the rows. */
async function parseOnly(file: string): Promise<{ rows: number; ms: number }> {
  const started = epoch();
  let rows = 0;
  // Loaded here, not with this file: its server processes must hold what a server holds and no more.
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      if ((row.values as unknown[]).length > 0 && row.number > 1) rows += 1;
    }
  }
  return { rows, ms: epoch() - started };
}

/**
 * The import's work outside the database, in the coordinating process: the app's reader child reading
 * and converting every row as the job does (`loadInChild`, batches of 2,000 lines of COPY text over
 * IPC), with nothing loaded.
 */
async function readerAndConversion(file: string): Promise<{ rows: number; ms: number }> {
  const fields = Object.entries(importFields(resourceNamed('ecus'), 'IMPORT'));
  const plan: RowPlan = {
    fields: fields.map(([name, definition]) => ({ name, definition, column: ecusMapping[name]?.mapping_col_name ?? null, fallback: null, choiceLabels: {} })),
    extraColumns: ecusColumns.flatMap((column, index) => (column.field ? [] : [{ index, name: extraFieldName(column.header) }])),
    headers: {}, date1904: false, leading: ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000', '1'],
  };
  let rows = 0;
  const started = epoch();
  for await (const batch of loadInChild({ file, format: 'xlsx', sheet: sheetName, fromRow: 2, plan, keepPosting: false })) {
    if (batch.refused.length > 0) throw new Error(`row ${batch.refused[0]!.row} does not convert: ${batch.refused[0]!.message}`);
    rows += batch.lines;
  }
  return { rows, ms: epoch() - started };
}

/** One server process for one engine and file; its result line, its other output passed through. */
function runServer(engine: Engine, file: string, rows: number, raw: boolean, pgliteTemplate: string): Promise<ServerResult> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const args = ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=server-${engine}-${rows}.cpuprofile`] : []), thisFile];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env, TZ: 'UTC', BENCH_IMPORT_ROLE: 'server', BENCH_IMPORT_ENGINE: engine, BENCH_IMPORT_FILE: file, BENCH_IMPORT_FILE_ROWS: String(rows),
      BENCH_IMPORT_RAW: raw ? '1' : '0', BENCH_IMPORT_TAG: `${engine}-${rows}-${Date.now().toString(36)}`, BENCH_DATABASE_URL: databaseUrl,
      BENCH_IMPORT_PGLITE_TEMPLATE: pgliteTemplate,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let result: ServerResult | undefined;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith(resultMarker)) result = JSON.parse(line.slice(resultMarker.length)) as ServerResult;
    else console.log(`  [${engine}] ${line}`);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => (result ? resolve(result) : reject(new Error(`the ${engine} server run of ${rows} rows exited with ${code} and no result`))));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;
const count = (n: number) => n.toLocaleString('en');
const pad = (text: string, width: number) => text.padEnd(width);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-bench-imports-'));
  const bigFile = path.join(dir, `to-khai-${bigRows}.xlsx`);
  const smallFile = path.join(dir, `to-khai-${smallRows}.xlsx`);
  let database: Awaited<ReturnType<typeof prepareDatabase>> = null;
  let broken = false;
  try {
    let t0 = epoch();
    await writeEcusWorkbook(bigFile, bigRows);
    if (smallRows !== bigRows) await writeEcusWorkbook(smallFile, smallRows);
    console.log(`workbooks: ${count(bigRows)} rows × ${ecusColumns.length} columns = ${mb(fs.statSync(bigFile).size).toFixed(1)} MB, ${count(smallRows)} rows = ${mb(fs.statSync(smallFile).size).toFixed(1)} MB, written in ${seconds(epoch() - t0)}`);

    // The baseline is the median of three passes: one pass varied from 8.5 to 12.2 s between runs on the same machine,
    // more than the imports it is compared with.
    const passes: { rows: number; ms: number }[] = [];
    for (let pass = 0; pass < 3; pass++) passes.push(await parseOnly(bigFile));
    const parsed = passes.sort((a, b) => a.ms - b.ms)[1]!;
    if (parsed.rows !== bigRows) throw new Error(`the parse-only pass saw ${parsed.rows} rows of ${bigRows}`);
    console.log(`parse only (exceljs streaming reader, in process, median of ${passes.map((each) => seconds(each.ms)).join(', ')}): ${seconds(parsed.ms)}, ${rate(parsed.rows, parsed.ms)}`);
    const profile = await readerAndConversion(bigFile);
    if (profile.rows !== bigRows) throw new Error(`the reader converted ${profile.rows} rows of ${bigRows}`);
    console.log(`reader child reading and converting (no database), ${count(bigRows)} rows: ${seconds(profile.ms)}, ${rate(profile.rows, profile.ms)}`);
    const pgliteTemplate = path.join(dir, 'pglite-template');
    if (engines.includes('pglite')) {
      t0 = epoch();
      const template = await openPglite({ dataDir: pgliteTemplate });
      await migrateDatabase(template);
      await template.close();
      console.log(`PGlite: a migrated data directory made in ${seconds(epoch() - t0)}; each run opens a copy`);
    }

    const results: ServerResult[] = [];
    for (const engine of engines) {
      if (engine === 'postgres') {
        database = await prepareDatabase();
        if (!database) continue;
      }
      for (const [file, rows] of smallRows === bigRows ? [[bigFile, bigRows] as const] : [[smallFile, smallRows] as const, [bigFile, bigRows] as const]) {
        t0 = epoch();
        try {
          const result = await runServer(engine, file, rows, rows === bigRows, pgliteTemplate);
          results.push(result);
          console.log(`${engine} ${count(rows)} rows: ${result.status} in ${seconds(result.wallMs)} (upload ${seconds(result.uploadMs)}), ${count(result.counted)} listed; `
            + `the run took ${seconds(epoch() - t0)} with ${seconds(result.setupMs)} of setup${result.raw ? ` and ${seconds(result.raw.buildMs + result.raw.ms)} of raw load` : ''}`);
          if (result.status !== 'succeeded' || result.counted !== rows || !result.sampleOk) {
            broken = true;
            console.log(`  BROKEN: status ${result.status} (${result.traceback ?? ''}), ${result.counted} of ${rows} rows listed, first row ${result.sampleOk ? 'as written' : 'NOT as written'}`);
          }
        } catch (error) {
          broken = true;
          console.log(`${engine} ${count(rows)} rows: BROKEN: ${(error as Error).message}`);
        }
      }
    }
    report({ parsed, profile, results });
  } finally {
    await database?.dispose().catch((error: unknown) => console.log(`could not clean the benchmark database: ${(error as Error).message}`));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (broken) process.exitCode = 1;
}

function report(input: { parsed: { rows: number; ms: number }; profile: { rows: number; ms: number }; results: ServerResult[] }): void {
  const { parsed, profile, results } = input;
  const parseRate = parsed.rows / (parsed.ms / 1000);
  const names: Record<Engine, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };
  const big = (engine: Engine) => results.find((result) => result.engine === engine && result.rows === bigRows);
  const small = (engine: Engine) => results.find((result) => result.engine === engine && result.rows === smallRows);
  const ran = engines.filter((engine) => big(engine));
  const w = 58;
  const row = (label: string, cells: string[]) => console.log(`${pad(label, w)}${cells.map((cell) => cell.padStart(28)).join('')}`);
  const each = (fn: (result: ServerResult, engine: Engine) => string, pick = big) => ran.map((engine) => { const result = pick(engine); return result ? fn(result, engine) : '–'; });

  console.log(`\nExcel import, ${count(bigRows)} rows × ${ecusColumns.length} columns (${mb(results.find((result) => result.rows === bigRows)?.fileBytes ?? 0).toFixed(1)} MB .xlsx), end to end through HTTP`);
  console.log(`${pad('baseline: exceljs streaming reader, parse only', w)}${rate(parsed.rows, parsed.ms).padStart(24)}   (${seconds(parsed.ms)})`);
  console.log(`${pad('reader child reading and converting, no database', w)}${rate(profile.rows, profile.ms).padStart(24)}   (${seconds(profile.ms)})`);
  row('', ran.map((engine) => names[engine]));
  row('baseline: raw load of the same rows', each((result) => (result.raw ? rate(result.raw.rows, result.raw.ms) : '–')));
  row('  method', each((result) => (result.raw ? result.raw.method.replace(' (CSV)', '') : '–')));
  row('upload (POST /api/uploads/, file read for its outline)', each((result) => seconds(result.uploadMs)));
  row('import job (import_data → succeeded seen)', each((result) => seconds(result.importMs)));
  row('end to end (upload → succeeded), wall', each((result) => seconds(result.wallMs)));
  row('end to end rate', each((result) => rate(result.rows, result.wallMs)));
  row('  as a share of parse only', each((result) => `${((result.rows / (result.wallMs / 1000) / parseRate) * 100).toFixed(0)} %`));
  row('search text kept (succeeded → search_indexed)', each((result) => seconds(result.indexMs)));
  row('  upload → search text kept, as a share of parse only', each((result) => `${((result.rows / ((result.wallMs + result.indexMs) / 1000) / parseRate) * 100).toFixed(0)} %`));
  row('rows listed through the API / first row as written', each((result) => `${count(result.counted)} / ${result.sampleOk ? 'yes' : 'NO'}`));
  row(`peak server RSS, ${count(smallRows)} rows → ${count(bigRows)} rows`, each((result, engine) => `${small(engine)?.rssPeakMb.toFixed(0) ?? '–'} → ${result.rssPeakMb.toFixed(0)} MB`));
  row('  server RSS before the upload', each((result, engine) => `${small(engine)?.rssBeforeMb.toFixed(0) ?? '–'} → ${result.rssBeforeMb.toFixed(0)} MB`));
  row('  peak JS heap of the server\'s main thread', each((result, engine) => `${small(engine)?.heapPeakMb.toFixed(0) ?? '–'} → ${result.heapPeakMb.toFixed(0)} MB`));
  row(`peak reader child RSS, ${count(smallRows)} → ${count(bigRows)} rows`, each((result, engine) => `${small(engine)?.childPeakMb.toFixed(0) ?? '–'} → ${result.childPeakMb.toFixed(0)} MB`));
  row('other user\'s list: median / p95 / max', each((result) => `${result.latency.median.toFixed(0)} / ${result.latency.p95.toFixed(0)} / ${result.latency.max.toFixed(0)} ms`));
  row('  requests until the search text is kept (errors), idle median', each((result) => `${result.latency.count} (${result.latency.errors}), ${result.latency.idleMedian.toFixed(0)} ms`));

  console.log(`\nWhere the time of the ${count(bigRows)}-row import job goes`);
  const categories = [...new Set(ran.flatMap((engine) => Object.keys(big(engine)!.database)))];
  for (const category of categories) {
    row(`  ${category}`, each((result) => { const slot = result.database[category]; return slot ? `${seconds(slot.ms)} (${slot.count}×)` : '–'; }));
  }
  row('  outside the database: reader wait + coercion + IPC', each((result) => seconds(result.importMs - Object.values(result.database).reduce((sum, slot) => sum + slot.ms, 0))));
  row('  reader processes\' CPU (outline and rows)', each((result) => `${result.childCpuS.toFixed(1)} s`));
  row('  server CPU / main thread busy', each((result) => `${result.serverCpuS.toFixed(1)} / ${result.mainThreadBusyS.toFixed(1)} s`));

  console.log('\nTargets');
  const verdict = (met: boolean) => (met ? 'MET   ' : 'MISSED');
  for (const engine of ran) {
    const result = big(engine)!;
    const share = result.rows / (result.wallMs / 1000) / parseRate;
    const wanted = engine === 'postgres' ? targets.ratioPostgres : targets.ratioPglite;
    console.log(`${verdict(share >= wanted)} ${names[engine]}: end to end ≥ ${wanted * 100} % of parse only: ${(share * 100).toFixed(0)} % (${rate(result.rows, result.wallMs)} vs ${Math.round(parseRate).toLocaleString('en')} rows/s)`);
    const peak = Math.max(result.rssPeakMb, result.childPeakMb);
    console.log(`${verdict(result.rssPeakMb < targets.peakMb && result.childPeakMb < targets.peakMb)} ${names[engine]}: peak memory < ${targets.peakMb} MB: server ${result.rssPeakMb.toFixed(0)} MB, reader ${result.childPeakMb.toFixed(0)} MB (largest ${peak.toFixed(0)} MB)`);
    const smaller = small(engine);
    if (smaller && smaller !== result) {
      const growth = (result.rssPeakMb + result.childPeakMb) / (smaller.rssPeakMb + smaller.childPeakMb) - 1;
      console.log(`${verdict(growth <= targets.growth)} ${names[engine]}: memory not growing with rows (≤ +${targets.growth * 100} % for ${bigRows / smallRows}× the rows): server + reader ${(smaller.rssPeakMb + smaller.childPeakMb).toFixed(0)} → ${(result.rssPeakMb + result.childPeakMb).toFixed(0)} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)} %)`);
    }
    const latency = targets.latency[engine];
    const met = result.latency.p95 <= latency.p95 && result.latency.max <= latency.max && result.latency.errors === 0;
    console.log(`${verdict(met)} ${names[engine]}: the other user's list until the search text is kept: p95 ≤ ${latency.p95} ms${Number.isFinite(latency.max) ? `, max ≤ ${latency.max} ms` : ''}: p95 ${result.latency.p95.toFixed(0)} ms, max ${result.latency.max.toFixed(0)} ms, ${result.latency.errors} errors`);
  }
}

if (process.env.BENCH_IMPORT_ROLE === 'server') {
  await serverMain();
  process.exit(0);
} else {
  await main();
}
