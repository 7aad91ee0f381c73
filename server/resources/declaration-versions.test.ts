import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDataChanged } from '../db/data-version.js';
import { inTransaction, runner } from '../db/run.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import {
  addUpImportedLines, analyseDeclarations, createImportedLines, dataStillAt, judgeImportedDeclarations, keepImportedLines, lookUpImportedDeclarations, ofDeclaration, refreshDeclarations,
} from './declaration-versions.js';

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
  /** What a running import keeps of the lines it has loaded, as its batches do. */
  const keptLines = async (recordId: number) => {
    const kept = { sums: `kept_sums_${recordId}`, classifications: `kept_classifications_${recordId}`, tariffKinds: `kept_kinds_${recordId}`, declarations: `kept_declarations_${recordId}` };
    await createImportedLines(runner(t.database), kept);
    await keepImportedLines(runner(t.database), kept, recordId, 0);
    return kept;
  };

  it('supersedes the earlier version with the running import\'s amendment, and tells when the company\'s data moved since', async () => {
    const run = runner(t.database);
    const original = await line('105800000120', 'NVL-1', null);
    const recordId = await runningImport('amended.xlsx');
    await line('105800000121', 'NVL-1', recordId);

    const version = await judgeImportedDeclarations(run, companyId, recordId, await keptLines(recordId), 'judged_ahead');
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

    await judgeImportedDeclarations(run, companyId, recordId, await keptLines(recordId), 'judged_late');
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
  it('keeps each batch\'s sums, classifications, kinds and declarations, and adds the sums, classifications and kinds up into one row each', async () => {
    const run = runner(t.database);
    const recordId = await runningImport('batches.xlsx');
    const kept = { sums: `kept_sums_${recordId}`, classifications: `kept_classifications_${recordId}`, tariffKinds: `kept_kinds_${recordId}`, declarations: `kept_declarations_${recordId}` };
    await createImportedLines(run, kept);
    const batch = (days: string, names: string) => run(
      `INSERT INTO ecus_lines (company_id, folder_set_id, import_record_id, account_number, row_number, registered_date, type_code, code, unit, total, item_name, hs)
       SELECT $1, $2, $3, '1064000000' || n || '0', n, d, 'E31', 'NVL-8', 'KGM', n, nm, '52083200' FROM unnest($4::date[], $5::text[]) WITH ORDINALITY u (d, nm, n)`,
      [companyId, folderSetId, recordId, days.split(' '), names.split(' ')]);
    // The second batch holds the same month and code again: its latest day ties the first batch's, its name sorts last,
    // and another of its names is the first batch's in capitals.
    await batch('2025-07-09 2025-07-03 2025-08-01', 'Bong Vai');
    let keptTo = await keepImportedLines(run, kept, recordId, 0);
    await batch('2025-07-09 2025-07-01', 'Zip BONG');
    keptTo = await keepImportedLines(run, kept, recordId, keptTo);
    const lines = await run<{ id: number; registered_date: string }>('SELECT id, registered_date::text FROM ecus_lines WHERE import_record_id = $1 ORDER BY id', [recordId]);
    expect(keptTo).toBe(lines.at(-1)!.id);
    expect(await run(`SELECT count(*)::int AS sums FROM ${kept.sums}`)).toEqual([{ sums: 3 }]);
    expect(await run(`SELECT count(*)::int AS classifications FROM ${kept.classifications}`)).toEqual([{ classifications: 5 }]);
    await addUpImportedLines(run, kept, { sums: `summed_${recordId}`, classifications: `classified_${recordId}`, tariffKinds: `kinds_${recordId}` });
    expect(await run(`SELECT month::text, total::text, lines, name, last_day::text, last_line FROM summed_${recordId} ORDER BY month`)).toEqual([
      // July: 1 + 2 of the first batch and 1 + 2 of the second; the latest line is the later of the two on the 9th.
      { month: '2025-07-01', total: '6', lines: 4, name: 'Zip', last_day: '2025-07-09', last_line: lines[3]!.id },
      { month: '2025-08-01', total: '3', lines: 1, name: null, last_day: '2025-08-01', last_line: lines[2]!.id },
    ]);
    // A name of both batches, folded, is one classification: its lines of both, its latest line the first batch's.
    expect(await run(`SELECT code, folded, name, hs, type_code, lines, first_day::text, last_day::text, last_line FROM classified_${recordId} ORDER BY folded`)).toEqual([
      { code: 'NVL-8', folded: '', name: null, hs: '52083200', type_code: 'E31', lines: 1, first_day: '2025-08-01', last_day: '2025-08-01', last_line: lines[2]!.id },
      { code: 'NVL-8', folded: 'bong', name: 'Bong', hs: '52083200', type_code: 'E31', lines: 2, first_day: '2025-07-01', last_day: '2025-07-09', last_line: lines[0]!.id },
      { code: 'NVL-8', folded: 'vai', name: 'Vai', hs: '52083200', type_code: 'E31', lines: 1, first_day: '2025-07-03', last_day: '2025-07-03', last_line: lines[1]!.id },
      { code: 'NVL-8', folded: 'zip', name: 'Zip', hs: '52083200', type_code: 'E31', lines: 1, first_day: '2025-07-09', last_day: '2025-07-09', last_line: lines[3]!.id },
    ]);
    // The lines are of one kind in each month (no value, no rate): July's of both batches added up.
    expect(await run(`SELECT month::text, line_id, value_source, lines FROM kinds_${recordId} ORDER BY month`)).toEqual([
      { month: '2025-07-01', line_id: '52083200', value_source: 'missing', lines: 4 },
      { month: '2025-08-01', line_id: '52083200', value_source: 'missing', lines: 1 },
    ]);
    expect(await run(`SELECT declaration FROM ${kept.declarations} ORDER BY declaration`)).toEqual(
      ['10640000001', '10640000002', '10640000003'].map((declaration) => ({ declaration })));
    await run(`DROP TABLE ${kept.sums}, ${kept.classifications}, ${kept.tariffKinds}, ${kept.declarations}, summed_${recordId}, classified_${recordId}, kinds_${recordId}`);
    await run('DELETE FROM ecus_lines WHERE import_record_id = $1', [recordId]);
  });

  it('judges a large import a slice of declarations at a time, reading its stretch of the index or looking each up', async () => {
    const run = runner(t.database);
    const lines = (accounts: string, importRecordId: number | null) => run(
      `INSERT INTO ecus_lines (company_id, folder_set_id, import_record_id, account_number, row_number, registered_date, type_code, code, unit, total)
       SELECT $1, $2, $3, a, 1, DATE '2025-06-02', 'E31', 'NVL-9', 'KGM', 1 FROM (${accounts}) n (a)`, [companyId, folderSetId, importRecordId]);
    // 3,000 declarations kept by hand, whose odd ones the import amends; 3,000 of the import's own, every third in two versions.
    await lines(`SELECT '1061' || lpad(n::text, 7, '0') || '0' FROM generate_series(1, 3000) n`, null);
    const recordId = await runningImport('many.xlsx');
    await lines(`SELECT '1061' || lpad(n::text, 7, '0') || '1' FROM generate_series(1, 3000, 2) n`, recordId);
    await lines(`SELECT '1062' || lpad(n::text, 7, '0') || v FROM generate_series(1, 3000) n, generate_series(0, 2, 2) v WHERE v = 0 OR n % 3 = 0`, recordId);
    const kept = await keptLines(recordId);
    const expected = (await run<{ id: number }>(
      `SELECT id FROM ecus_lines WHERE company_id = $1 AND (account_number ~ '^1061[0-9]{7}0$' AND substr(account_number, 5, 7)::int % 2 = 1
                                                          OR account_number ~ '^1062[0-9]{7}0$' AND substr(account_number, 5, 7)::int % 3 = 0) ORDER BY id`,
      [companyId])).map((row) => row.id);
    expect(expected).toHaveLength(2500);
    const judgedIds = async (table: string) => {
      await judgeImportedDeclarations(run, companyId, recordId, kept, table);
      const judged = await run<{ id: number; superseded: boolean }>(`SELECT id, superseded FROM ${table} ORDER BY id`);
      await run(`DROP TABLE ${table}`);
      return judged;
    };
    // The import brings most of the folder set's lines: their stretch of the index is read a slice at a time.
    await analyseDeclarations(run);
    expect(await lookUpImportedDeclarations(run, companyId, recordId, folderSetId)).toBe(false);
    expect(await judgedIds('judged_stretch')).toEqual(expected.map((id) => ({ id, superseded: true })));
    // Among many more lines of the folder set, each declaration is looked up: the same judgement.
    await lines(`SELECT '1063' || lpad(n::text, 8, '0') FROM generate_series(1, 20000) n`, null);
    await analyseDeclarations(run);
    expect(await lookUpImportedDeclarations(run, companyId, recordId, folderSetId)).toBe(true);
    expect(await judgedIds('judged_lookups')).toEqual(expected.map((id) => ({ id, superseded: true })));
    await run(`DELETE FROM ecus_lines WHERE company_id = $1 AND code = 'NVL-9'`, [companyId]);
  });
});
