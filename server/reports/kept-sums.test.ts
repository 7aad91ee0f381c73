import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceNamed } from '../../common/resources/index.js';
import { resolveScope } from '../access.js';
import { inTransaction, runner } from '../db/run.js';
import { rollBackImport } from '../imports/records.js';
import { deleteMatchingRows } from '../resources/delete-rows.js';
import { settledJobs } from '../jobs/leases.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';
import { effectiveDeclarationsCte } from './statement-sql.js';

/**
 * The reports read monthly sums and the tariff check kinds of import lines, and the precedents classifications, that
 * every writer keeps (docs/statements.md, docs/precedents.md). Whatever the order of the writes — lines added, edited one by one or together, deleted by id or by
 * a search, imported (some marked cancelled), amended by a newer version of their declaration, cancelled by a cancel
 * import, corrected by an AMA import, rolled back — the kept rows equal the lines summed and grouped afresh, on the engine the suite runs on.
 */
describe('the kept monthly sums, kinds and classifications after any sequence of writes', { timeout: 300_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  let token = '';
  let userId = '';
  let run: ReturnType<typeof runner>;

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 10_000 }, mail);
    run = runner(t.database);
    token = await signUp(t.app, mail, 'writer@sums.vn');
    [{ id: userId }] = await run<{ id: string }>("SELECT id FROM users WHERE email = 'writer@sums.vn'") as [{ id: string }];
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  const codes = ['NVL-A', 'NVL-B', 'NVL-C'] as const;
  const day = fc.integer({ min: 0, max: 150 }).map((offset) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10));
  const quantity = fc.integer({ min: 1, max: 100_000 }).map((thousandths) => (thousandths / 1000).toString());
  /** A declaration (one of a few, so that versions meet) in one of its versions: the 12th digit counts amendments. */
  const declaration = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 2 })).map(([number, version]) => `10580000${number}00${version}`);
  /**
   * HS codes (or none) and item names of few kinds, so that lines meet in a classification; a name the same as another
   * but for its case and accents.
   */
  const hs = fc.constantFrom('52083200', '52083200', '52083200', '52085200', '');
  const itemName = fc.constantFrom('Vải cotton', 'Vải cotton', 'VẢI COTTON', 'Cúc nhựa');
  /** What the tariff check judges a line by (its kinds): a declared rate or none, a C/O form or none, a value or none. */
  const taxRate = fc.constantFrom('5', '5', '0', '');
  const coForm = fc.constantFrom('', '', 'E', 'd ');
  const customsValue = fc.constantFrom('1000000', '2500000.5', '');
  const ecusLine = fc.record({
    account_number: declaration, row_number: fc.constantFrom('1', '2', '3'), registered_date: day, code: fc.constantFrom(...codes), total: quantity, type_code: fc.constantFrom('E31', 'E21'), hs, item_name: itemName,
    tax_rate: taxRate, co_form: coForm, total_value: customsValue,
    // An imported declaration its status column marks cancelled is imported as cancelled.
    declaration_status: fc.constantFrom('Thông quan', 'Thông quan', 'Thông quan', 'Hủy'),
  });
  const issue = fc.record({ takeout_date: day, code: fc.constantFrom(...codes), quantity, purpose: fc.constantFrom('production', 'other') });

  type Write =
    | { kind: 'add'; table: 'ecus' | 'wh-take-out'; row: Record<string, string> }
    | { kind: 'edit'; table: 'ecus' | 'wh-take-out'; pick: number; change: Record<string, string> }
    | { kind: 'edit-together'; table: 'ecus' | 'wh-take-out'; picks: number[]; code: string }
    | { kind: 'delete'; table: 'ecus' | 'wh-take-out'; pick: number }
    | { kind: 'delete-matching'; table: 'ecus' | 'wh-take-out'; pick: number }
    | { kind: 'import'; lines: Array<Record<string, string>> }
    | { kind: 'cancel'; pick: number }
    | { kind: 'amend'; pick: number; code: string; total: string }
    | { kind: 'rollback' };
  const table = fc.constantFrom('ecus' as const, 'wh-take-out' as const);
  // An import's later lines are often the first's item again, in other declarations, on other days.
  const importWrite = fc.record({ kind: fc.constant('import' as const), lines: fc.tuple(ecusLine, fc.array(fc.oneof(ecusLine, fc.record({ account_number: declaration, registered_date: day })), { maxLength: 3 }))
    .map(([first, others]) => [first, ...others.map((other) => ({ ...first, ...other }))]) });
  const write: fc.Arbitrary<Write> = fc.oneof(
    { weight: 4, arbitrary: fc.oneof(ecusLine.map((row) => ({ kind: 'add' as const, table: 'ecus' as const, row })), issue.map((row) => ({ kind: 'add' as const, table: 'wh-take-out' as const, row }))) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), table, pick: fc.nat(), change: fc.oneof(
      fc.record({ code: fc.constantFrom(...codes) }), day.map((value) => ({ registered_date: value, takeout_date: value })), quantity.map((value) => ({ total: value, quantity: value })),
      declaration.map((account_number) => ({ account_number })), hs.filter(Boolean).map((value) => ({ hs: value })), itemName.map((value) => ({ item_name: value })),
      taxRate.filter(Boolean).map((value) => ({ tax_rate: value })), coForm.filter(Boolean).map((value) => ({ co_form: value })),
      customsValue.filter(Boolean).map((value) => ({ total_value: value }))) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit-together' as const), table, picks: fc.array(fc.nat(), { minLength: 2, maxLength: 3 }), code: fc.constantFrom(...codes) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), table, pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete-matching' as const), table, pick: fc.nat() }) },
    { weight: 2, arbitrary: importWrite },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('amend' as const), pick: fc.nat(), code: fc.constantFrom(...codes), total: quantity }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'rollback' as const }) },
  );

  async function workbookOf(sheetName: string, rows: unknown[][]): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet(sheetName).addRows(rows);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  const linesOf = (lines: Array<Record<string, string>>) => [
    ['Số tờ khai', 'Số dòng', 'Ngày đăng ký', 'Mã loại hình', 'Mã hàng', 'Lượng', 'Đơn vị tính', 'Mã HS', 'Tên hàng', 'Trạng thái', 'Thuế suất', 'Mẫu C/O', 'Trị giá tính thuế'],
    ...lines.map((line) => [line.account_number, Number(line.row_number), new Date(`${line.registered_date}T00:00:00Z`), line.type_code, line.code, Number(line.total), 'KGM',
      line.hs || null, line.item_name, line.declaration_status, line.tax_rate ? Number(line.tax_rate) : null, line.co_form || null,
      line.total_value ? Number(line.total_value) : null]),
  ];
  const mappingOf = (fields: string[]) => Object.fromEntries(fields.map((field, index) => [field, { mapping_col_name: String.fromCharCode(65 + index), title: field }]));
  /** Starts an import of a workbook of one sheet through the API and waits for it. */
  async function importSheet(scope: { company_slug: string; folder_slug: string }, run: string, sheetName: string, rows: unknown[][], fields: string[]): Promise<void> {
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/uploads/', ...withToken(multipart({}, { name: 'sheet.xlsx', content: await workbookOf(sheetName, rows) })) });
    ok(uploaded);
    const started = await call('POST', `/api/balance/ecus/${run}/`, {
      ...scope, upload_id: uploaded.json().upload_id, sheet_name: sheetName, header_from: 1, header_to: 1, mapping: mappingOf(fields), on_duplicate: 'add',
    });
    ok(started);
    await settledJobs();
  }
  const ok = (answer: { statusCode: number; body: string }) => expect(answer.statusCode, answer.body).toBeLessThan(300);

  /** Carries one write out through the API a user has; a pick chooses among the rows there are, if any. */
  async function apply(scope: { company_slug: string; folder_slug: string }, done: Write): Promise<void> {
    const family = (name: string) => (name === 'ecus' ? 'balance' : 'new-balance');
    const idsOf = async (name: string) => (await call('GET', `/api/${family(name)}/${name}/?${new URLSearchParams(scope)}&ordering=id&page_size=500`)).json().results
      .map((row: { id: number }) => row.id) as number[];
    switch (done.kind) {
      case 'add': {
        const extra = done.table === 'ecus' ? { unit: 'KGM' } : { item_type: 'material', name: 'Vải', unit: 'KGM' };
        const given = Object.fromEntries(Object.entries(done.row).filter(([, value]) => value !== ''));
        ok(await call('POST', `/api/${family(done.table)}/${done.table}/`, { ...scope, ...extra, ...given }));
        return;
      }
      case 'edit': {
        const ids = await idsOf(done.table);
        if (ids.length === 0) return;
        const fields = done.table === 'ecus' ? ['code', 'registered_date', 'total', 'account_number', 'hs', 'item_name', 'tax_rate', 'co_form', 'total_value'] : ['code', 'takeout_date', 'quantity'];
        const change = Object.fromEntries(Object.entries(done.change).filter(([field]) => fields.includes(field)));
        if (Object.keys(change).length > 0) ok(await call('PUT', `/api/${family(done.table)}/${done.table}/${ids[done.pick % ids.length]}/`, change));
        return;
      }
      case 'edit-together': {
        const ids = await idsOf(done.table);
        const picked = [...new Set(done.picks.map((pick) => ids[pick % Math.max(ids.length, 1)]).filter((id) => id !== undefined))];
        if (picked.length > 0) ok(await call('PUT', `/api/${family(done.table)}/${done.table}/bulk-update/`, { company_slug: scope.company_slug, rows: picked.map((id) => ({ id, code: done.code })) }));
        return;
      }
      case 'delete': {
        const ids = await idsOf(done.table);
        if (ids.length > 0) ok(await call('DELETE', `/api/${family(done.table)}/${done.table}/bulk-delete/`, { company_slug: scope.company_slug, id_list: [ids[done.pick % ids.length]] }));
        return;
      }
      case 'delete-matching': {
        // Every row of the code of a row there is, found by a search.
        const rows = (await call('GET', `/api/${family(done.table)}/${done.table}/?${new URLSearchParams(scope)}&ordering=id&page_size=500`)).json().results as Array<{ code: string }>;
        if (rows.length === 0) return;
        const search = rows[done.pick % rows.length]!.code;
        // Every other one as a delete of more rows than are re-derived one by one (the limit set to none): it re-derives the
        // whole folder set.
        if (deletesMatching++ % 2 === 1) {
          const { deleted } = await inTransaction(t.database, async (tx) => deleteMatchingRows({
            run: tx, resource: resourceNamed(done.table), parameters: { search }, touchedRowsAtMost: 0,
            scope: await resolveScope(tx, { userId, companySlug: scope.company_slug, folderSlug: scope.folder_slug, minimumRole: 'member' }),
          }));
          deletedMatching += deleted;
          deletedWhole += deleted;
          return;
        }
        const answer = await call('DELETE', `/api/${family(done.table)}/${done.table}/`, { ...scope, search });
        ok(answer);
        deletedMatching += (answer.json() as { deleted: number }).deleted;
        return;
      }
      case 'import':
        await importSheet(scope, 'import_data', 'Tờ khai', linesOf(done.lines),
          ['account_number', 'row_number', 'registered_date', 'type_code', 'code', 'total', 'unit', 'hs', 'item_name', 'declaration_status', 'tax_rate', 'co_form', 'total_value']);
        return;
      case 'cancel': {
        // A cancel import of one declaration (every version of it) that lines of the folder set are of.
        const lines = (await call('GET', `/api/balance/ecus/?${new URLSearchParams(scope)}&ordering=id&page_size=500`)).json().results as Array<{ account_number: string }>;
        if (lines.length === 0) return;
        await importSheet(scope, 'cancel_import_data', 'Hủy', [['Số tờ khai', 'Ngày hủy', 'Lý do hủy'], [lines[done.pick % lines.length]!.account_number, new Date(Date.UTC(2025, 5, 1)), 'Khai sai']],
          ['account_number', 'cancel_date', 'cancel_reason']);
        return;
      }
      case 'amend': {
        // An AMA import correcting the code and quantity of one line, found by its declaration and line number.
        const lines = (await call('GET', `/api/balance/ecus/?${new URLSearchParams(scope)}&ordering=id&page_size=500`)).json().results as Array<{ account_number: string; row_number: number | null }>;
        const line = lines[done.pick % Math.max(lines.length, 1)];
        if (!line?.row_number) return;
        await importSheet(scope, 'ama_import_data', 'AMA', [['Số tờ khai', 'Số dòng', 'Mã hàng', 'Lượng'], [line.account_number, line.row_number, done.code, Number(done.total)]],
          ['account_number', 'row_number', 'code', 'total']);
        return;
      }
      case 'rollback': {
        const [last] = await run<{ id: number; company_id: string; import_type: string }>(`SELECT r.id, r.company_id, r.import_type FROM import_records r
          JOIN ${folderSetOf} f ON f.id = r.folder_set_id WHERE r.status = 'succeeded' ORDER BY r.id DESC LIMIT 1`, [scope.company_slug, scope.folder_slug]);
        if (!last) return;
        // Every other one as a rollback of an import of more declarations than are re-derived one by one.
        if (rollbacks++ % 2 === 1) {
          await rollBackImport(t.database, last.company_id, last.id, 0);
          if (last.import_type === 'IMPORT') rolledBackWhole += 1;
        } else ok(await call('POST', `/api/balance/import-record/${last.id}/rollback/`));
        return;
      }
    }
  }
  const withToken = (request: { payload: Buffer; headers: Record<string, string> }) => ({ payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${token}` } });

  /** The folder set of the company (`$1`, a slug) that `$2` names: every company's first is named after its year. */
  const folderSetOf = '(SELECT f.* FROM folder_sets f JOIN companies c ON c.id = f.company_id WHERE c.slug = $1 AND f.slug = $2)';

  /** The kept sums of the folder set against its lines summed afresh: the declarations' effective lines, the book's visible ones. */
  async function expectKeptSums(folder: { company_slug: string; folder_slug: string }): Promise<void> {
    const [scope] = await run<{ company_id: string; id: string }>(`SELECT company_id, id FROM ${folderSetOf} f`, [folder.company_slug, folder.folder_slug]);
    const params = [scope!.company_id, scope!.id, '2000-01-01', '2100-01-01'];
    const keptDeclared = await run(`SELECT month::text, type_code, code, unit, total::text, lines, last_day::text, last_line FROM ecus_monthly_sums
      WHERE company_id = $1 AND folder_set_id = $2 AND month BETWEEN $3 AND $4 ORDER BY 1, 2, 3, 4`, params);
    const freshDeclared = await run(`WITH ${effectiveDeclarationsCte}
      SELECT date_trunc('month', registered_date)::date::text AS month, type_code, code, unit, sum(total)::text AS total, count(*)::int AS lines,
             max(registered_date)::text AS last_day, (array_agg(id ORDER BY registered_date DESC, id DESC))[1] AS last_line
        FROM effective GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`, params);
    expect(keptDeclared).toEqual(freshDeclared);
    const keptBook = await run(`SELECT month::text, code, purpose, quantity::text, lines, last_day::text FROM book_monthly_sums
      WHERE company_id = $1 AND folder_set_id = $2 AND book = 'warehouse_take_out' ORDER BY 1, 2, 3`, params.slice(0, 2));
    const freshBook = await run(`SELECT date_trunc('month', takeout_date)::date::text AS month, code, purpose, sum(quantity)::text AS quantity,
             count(*)::int AS lines, max(takeout_date)::text AS last_day
        FROM warehouse_take_out WHERE company_id = $1 AND folder_set_id = $2 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, params.slice(0, 2));
    expect(keptBook).toEqual(freshBook);
    const keptClassifications = await run<{ lines: number }>(`SELECT code, folded, name, hs, type_code, lines, first_day::text, last_day::text, last_line FROM ecus_classifications
      WHERE company_id = $1 AND folder_set_id = $2 ORDER BY code, folded, hs, type_code`, params.slice(0, 2));
    const freshClassifications = await run(`WITH ${effectiveDeclarationsCte}
      SELECT code, coalesce(fold_text(item_name), '') AS folded, max(item_name) AS name, hs, type_code, count(*)::int AS lines, min(registered_date)::text AS first_day,
             max(registered_date)::text AS last_day, (array_agg(id ORDER BY registered_date DESC, id DESC))[1] AS last_line
        FROM effective WHERE hs IS NOT NULL AND hs <> '' GROUP BY 1, 2, 4, 5 ORDER BY 1, 2, 4, 5`, params);
    expect(keptClassifications).toEqual(freshClassifications);
    classifiedTogether += keptClassifications.filter((kept) => kept.lines > 1).length;
    const kindColumns = `code, type_code, line_id, form, schedule, from_country, exemption, round(tax_rate, 4)::text AS tax_rate, proven, value_source`;
    const keptKinds = await run<{ lines: number }>(`SELECT month::text, ${kindColumns}, lines, round(total_value, 4)::text AS total_value,
        round(tax_cost, 4)::text AS tax_cost, round(unpaid_value, 4)::text AS unpaid_value
      FROM ecus_tariff_kinds WHERE company_id = $1 AND folder_set_id = $2 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`, params.slice(0, 2));
    const freshKinds = await run(`WITH ${effectiveDeclarationsCte}
      SELECT month::text, ${kindColumns}, count(*)::int AS lines, round(coalesce(sum(total_value), 0), 4)::text AS total_value,
             round(coalesce(sum(tax_cost), 0), 4)::text AS tax_cost, round(coalesce(sum(total_value) FILTER (WHERE tax_cost IS NULL), 0), 4)::text AS unpaid_value
        FROM (SELECT date_trunc('month', registered_date)::date AS month, code, type_code, left(hs, 8) AS line_id,
                     coalesce(upper(replace(nullif(trim(co_form), ''), ' ', '')), '') AS form, coalesce(upper(replace(nullif(trim(tariff_schedule), ''), ' ', '')), '') AS schedule,
                     coalesce(from_country, '') AS from_country, coalesce(trim(exemption_code), '') <> '' AS exemption, coalesce(tax_rate, -1) AS tax_rate,
                     coalesce(trim(co_form), '') <> '' OR coalesce(trim(co_number), '') <> '' AS proven, value_source, total_value, tax_cost
                FROM effective WHERE account_number LIKE '1%' AND coalesce(hs, '') <> '') k
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`, params);
    expect(keptKinds).toEqual(freshKinds);
    keptKindLines += keptKinds.length;
  }
  /** Rows deleted by a search (`delete-matching`), and of them those whose whole folder set was re-derived. */
  let deletedMatching = 0;
  let deletedWhole = 0;
  let deletesMatching = 0;
  let rollbacks = 0;
  /** Declaration imports rolled back with their whole folder set re-derived. */
  let rolledBackWhole = 0;
  /** Kinds of import lines the comparisons met. */
  let keptKindLines = 0;
  /** Classifications of several lines the comparisons met. */
  let classifiedTogether = 0;

  it('equal the lines summed afresh', async () => {
    let round = 0;
    // Each sequence starts from some lines and issues, so that the writes that pick rows find some.
    const startedWrites = fc.tuple(importWrite, issue.map((row) => ({ kind: 'add' as const, table: 'wh-take-out' as const, row })), fc.array(write, { minLength: 3, maxLength: 12 }))
      .map(([lines, issued, others]): Write[] => [lines, issued, ...others]);
    await fc.assert(fc.asyncProperty(startedWrites, async (writes) => {
      round += 1;
      const company = (await call('POST', '/api/clients-api/companies/', { name: `Sums ${round}` })).json();
      const scope = { company_slug: company.slug as string, folder_slug: company.folder_set[0].slug as string };
      for (const done of writes) {
        await apply(scope, done);
        await expectKeptSums(scope);
      }
    }), { numRuns: 8, seed: Number(process.env.SUMS_SEED ?? 1), endOnFailure: true });
    // The sequences met every kind of change the sums must follow: imports that succeeded and were rolled back, lines an
    // amendment replaced, lines cancelled by a cancel import and by their status, classifications of several lines, and
    // book lines.
    const [met] = await run<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM import_records WHERE status = 'succeeded') AS imported,
      (SELECT count(*)::int FROM import_records WHERE status = 'rolled_back') AS rolled_back,
      (SELECT count(*)::int FROM ecus_superseded_lines) AS superseded,
      (SELECT count(*)::int FROM import_records WHERE import_type = 'CANCEL' AND status IN ('succeeded', 'rolled_back')) AS cancelled,
      (SELECT count(*)::int FROM ecus_cancel_records r JOIN import_records i ON i.id = r.import_record_id WHERE i.import_type <> 'CANCEL') AS marked_cancelled,
      (SELECT count(*)::int FROM import_records WHERE import_type = 'AMA' AND status IN ('succeeded', 'rolled_back')) AS amended,
      (SELECT count(*)::int FROM book_monthly_sums) AS book_sums`);
    for (const [kind, count] of Object.entries({ ...met!, classifiedTogether, keptKindLines, deletedMatching, deletedWhole, rolledBackWhole })) expect(count, kind).toBeGreaterThan(0);
  });
});
