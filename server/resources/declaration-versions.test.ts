import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDataChanged } from '../db/data-version.js';
import { inTransaction, runner } from '../db/run.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { dataStillAt, judgeImportedDeclarations, ofDeclaration, refreshDeclarations } from './declaration-versions.js';

/** An import's declarations judged before its final transaction: the same outcome, and only while nothing else changed. */
describe('declarations judged ahead of an import\'s final transaction', () => {
  let t: TestApp;
  const mail = captureMail();
  let companyId = '';
  let folderSetId = '';

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'versions@imports.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Customs-Ledger-2026', name: 'Versions' } });
    const token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Versions Co' } });
    [{ company_id: companyId, id: folderSetId }] = await runner(t.database)<{ company_id: string; id: string }>(
      "SELECT f.company_id, f.id FROM folder_sets f JOIN companies c ON c.id = f.company_id WHERE c.name = 'Versions Co'") as [{ company_id: string; id: string }];
  });
  afterAll(async () => t.close());

  /** A declaration line of code `code`, loaded by an import or written by hand (`importRecordId` null). */
  const line = (account: string, code: string, importRecordId: number | null) => runner(t.database)<{ id: number }>(
    `INSERT INTO ecus_lines (company_id, folder_set_id, import_record_id, account_number, row_number, registered_date, type_code, code, unit, total)
     VALUES ($1, $2, $3, $4, 1, DATE '2025-05-02', 'E31', $5, 'KGM', 10) RETURNING id`, [companyId, folderSetId, importRecordId, account, code]).then(([row]) => row!.id);
  const runningImport = (file: string) => runner(t.database)<{ id: number }>(
    `INSERT INTO import_records (company_id, folder_set_id, resource, import_type, status, from_file, file_sha256, options)
     VALUES ($1, $2, 'ecus', 'IMPORT', 'running', $3, '', '{}') RETURNING id`, [companyId, folderSetId, file]).then(([row]) => row!.id);

  it('supersedes the earlier version with the running import\'s amendment, and tells when the company\'s data moved since', async () => {
    const run = runner(t.database);
    const original = await line('105800000120', 'NVL-1', null);
    const recordId = await runningImport('amended.xlsx');
    await line('105800000121', 'NVL-1', recordId);

    const version = await judgeImportedDeclarations(run, companyId, recordId, 'judged_ahead');
    // Only what changes is kept: the original is now superseded; the amendment, new and the latest, stays as it is.
    const judged = await run<{ id: number; superseded: boolean }>('SELECT id, superseded FROM judged_ahead ORDER BY id');
    expect(judged).toEqual([{ id: original, superseded: true }]);

    await run("UPDATE import_records SET status = 'succeeded' WHERE id = $1", [recordId]);
    await inTransaction(t.database, async (tx) => {
      expect(await dataStillAt(tx, companyId, version)).toBe(true);
      await refreshDeclarations(tx, companyId, { importRecordId: recordId, judged: 'judged_ahead' }, { analysed: true });
    });
    expect(await run('SELECT line_id FROM ecus_superseded_lines WHERE folder_set_id = $1', [folderSetId])).toEqual([{ line_id: original }]);

    await companyDataChanged(run, companyId);
    expect(await inTransaction(t.database, (tx) => dataStillAt(tx, companyId, version))).toBe(false);
    await run('DROP TABLE judged_ahead');
  });

  it('keeps of an older version\'s import only its own lines, which the kept newer version supersedes', async () => {
    const run = runner(t.database);
    const first = await line('105900000130', 'NVL-2', null);
    const latest = await line('105900000132', 'NVL-2', null);
    await refreshDeclarations(run, companyId, { folderSetId });
    const recordId = await runningImport('late.xlsx');
    const late = await line('105900000131', 'NVL-2', recordId);

    await judgeImportedDeclarations(run, companyId, recordId, 'judged_late');
    // The first version was marked already and the latest stays unmarked: neither changes.
    expect(await run('SELECT id, superseded FROM judged_late')).toEqual([{ id: late, superseded: true }]);
    await run("UPDATE import_records SET status = 'succeeded' WHERE id = $1", [recordId]);
    await inTransaction(t.database, (tx) => refreshDeclarations(tx, companyId, { importRecordId: recordId, judged: 'judged_late' }, { analysed: true }));
    const marked = await run<{ line_id: number }>('SELECT line_id FROM ecus_superseded_lines WHERE line_id = ANY($1::int[]) ORDER BY line_id', [[first, latest, late]]);
    expect(marked).toEqual([{ line_id: first }, { line_id: late }]);
    await run('DROP TABLE judged_late');
  });

  it('finds a declaration\'s lines by the first 11 characters of their numbers, through the account-number index', async () => {
    const run = runner(t.database);
    const [first, second, neighbour, short] = [await line('106000000140', 'NVL-3', null), await line('106000000141', 'NVL-3', null),
      await line('106000000150', 'NVL-3', null), await line('1060000001', 'NVL-3', null)];
    // A line edited through the table refreshes its declaration by its key: only that declaration's earlier version is
    // superseded, not a number that merely begins like it nor the next declaration.
    await refreshDeclarations(run, companyId, [{ folder_set_id: folderSetId, declaration: '10600000014', code: 'NVL-3' }, { folder_set_id: folderSetId, declaration: '1060000001', code: 'NVL-3' }]);
    const marked = await run<{ line_id: number }>('SELECT line_id FROM ecus_superseded_lines WHERE line_id = ANY($1::int[]) ORDER BY line_id', [[first, second, neighbour, short]]);
    expect(marked).toEqual([{ line_id: first }]);
    const found = await run<{ id: number }>(`SELECT e.id FROM ecus_lines e WHERE e.company_id = $1 AND e.folder_set_id = $2 AND ${ofDeclaration('e', '$3')} ORDER BY e.id`, [companyId, folderSetId, '10600000014']);
    expect(found.map((row) => row.id)).toEqual([first, second]);
    // The lookup is a range of the account-number index, whatever the database's collation (the column compares byte by byte).
    const plan = await inTransaction(t.database, async (tx) => {
      await tx('SET LOCAL enable_seqscan = off');
      return (await tx<Record<string, string>>(`EXPLAIN SELECT e.id FROM ecus_lines e WHERE e.company_id = $1 AND e.folder_set_id = $2 AND ${ofDeclaration('e', '$3')}`, [companyId, folderSetId, '10600000014']))
        .map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/using ecus_lines_account_number_idx[^\n]*\n\s*Index Cond: \(.*account_number >= .*account_number <= /);
  });
});
