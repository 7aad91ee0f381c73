import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client.js';
import { companyDataChanged } from '../db/data-version.js';
import { runner, tableRunner } from '../db/run.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { ecus } from '../../common/resources/ecus.js';
import { resources } from '../../common/resources/index.js';
import { Statement } from '../db/statement.js';
import { estimatedCountFrom, searchCountCap } from './list-rows.js';
import { pageQuery, whereClause } from './row-sql.js';
import { searchCondition } from './search-texts.js';
import { indexImportedRows } from '../imports/search-indexing.js';

const searchedResources = resources.filter((resource) => resource.search.length > 0 && !resource.view);

/** Free-text search over a large table: an index, a capped count, an estimated count, and on PostgreSQL a time limit. */
describe('business table search', () => {
  let t: TestApp;
  const mail = captureMail();
  let token = '';
  let scope = '';

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'search@example.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name: 'Search' } });
    token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    const company = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Search Co' } })).json();
    scope = `company_slug=${company.slug}&folder_slug=${company.folder_set[0].slug}`;
    // 12,000 lines of cotton fabric and 30 of Đồng thau (brass), which a search without accents must find.
    await runner(t.database)(`
      INSERT INTO ecus_lines (company_id, folder_set_id, account_number, registered_date, type_code, code, item_name, total)
      SELECT c.id, f.id, '1055' || lpad(n::text, 8, '0'), DATE '2025-01-01' + (n % 365), 'E31',
             'MAT-' || n, CASE WHEN n % 400 = 0 THEN 'Đồng thau tấm ' || n ELSE 'Vải cotton khổ 1m6 lô ' || n END, 1
      FROM companies c JOIN folder_sets f ON f.company_id = c.id, generate_series(1, 12000) n
      WHERE c.slug = $1`, [company.slug]);
    await runner(t.database)('ANALYZE ecus_lines');
  });
  afterAll(async () => t.close());

  const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/balance/ecus/?${scope}&${query}`, headers: { authorization: `Bearer ${token}` } });

  it('counts a broad search up to the cap, says so, and still pages on', async () => {
    const broad = (await list('search=vai cotton&page_size=100')).json();
    expect(broad).toMatchObject({ count: searchCountCap, count_capped: true });
    expect(broad.next).toContain('page=2');
    const beyond = (await list(`search=vai cotton&page_size=100&page=${searchCountCap / 100 + 5}`)).json();
    expect(beyond.results).toHaveLength(100);
    expect(beyond.previous).toContain(`page=${searchCountCap / 100 + 4}`);
    const narrow = (await list('search=dong thau')).json();
    expect(narrow.count).toBe(30);
    expect(narrow.count_capped).toBeUndefined();
    expect(narrow.results[0].item_name).toMatch(/^Đồng thau tấm/);
  });

  it('pages a search that most lines match along the day\'s index, as its statistics tell the planner how many match', async () => {
    const run = runner(t.database);
    const [scoped] = await run<{ company_id: string; folder_set_id: string }>('SELECT company_id, folder_set_id FROM ecus_lines WHERE item_name LIKE $1 LIMIT 1', ['Đồng thau%']);
    const statement = new Statement();
    const where = whereClause(statement, ecus, { companyId: scoped!.company_id, folderSetId: scoped!.folder_set_id, role: 'owner', importing: [], imported: [] },
      { search: 'vai cotton' });
    const page = pageQuery(ecus, where, '-registered_date', statement.param(50), statement.param(0));
    const plan = (await run<Record<string, string>>(`EXPLAIN ${page}`, statement.params)).map((row) => Object.values(row)[0]).join('\n');
    // Without the statistics of the search text the planner took 'vai cotton' for a rare text, fetched all its matches
    // through the trigram index and sorted them: at 1,000,000 lines 0.9 s a page, against 11 ms reading the day's index.
    expect(plan).toContain('Index Scan Backward using ecus_lines_registered_date_idx');
    expect(plan).not.toContain('ecus_lines_search_idx');
  });

  it('keeps statistics of every searched table\'s search text, the very expression its index and searches use', async () => {
    const kept = await runner(t.database)<{ table: string; expression: string; indexed: string | null }>(
      `SELECT c.relname AS table, (pg_get_statisticsobjdef_expressions(s.oid))[1] AS expression,
              (SELECT string_agg(pg_get_indexdef(i.indexrelid), ' ') FROM pg_index i WHERE i.indrelid = c.oid AND i.indexprs IS NOT NULL) AS indexed
         FROM pg_statistic_ext s JOIN pg_class c ON c.oid = s.stxrelid WHERE s.stxname = c.relname || '_search_stats'`);
    expect(kept.map((row) => row.table).sort()).toEqual(searchedResources.map((resource) => resource.table).sort());
    for (const row of kept) expect(row.indexed, row.table).toContain(`(${row.expression} gin_trgm_ops)`);
  });

  it('answers the estimated count of a large list without a search, says so, and counts a small filtered set exactly', async () => {
    expect(12_000).toBeGreaterThan(estimatedCountFrom);
    // Another company's 8,000 lines: the estimate must know that the folder set decides the company, not multiply the two.
    const other = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Other Co' } })).json();
    await runner(t.database)(`
      INSERT INTO ecus_lines (company_id, folder_set_id, account_number, registered_date, type_code, code, item_name, total)
      SELECT c.id, f.id, '2055' || lpad(n::text, 8, '0'), DATE '2025-01-01' + (n % 365), 'E31', 'MAT-' || n, 'Other ' || n, 1
      FROM companies c JOIN folder_sets f ON f.company_id = c.id, generate_series(1, 8000) n
      WHERE c.slug = $1`, [other.slug]);
    await runner(t.database)('ANALYZE ecus_lines');
    for (const query of ['', 'type_code=E31', 'registered_date__gte=2025-01-01&ordering=code']) {
      const answer = (await list(query)).json();
      expect(answer).toMatchObject({ count_estimated: true });
      expect(answer.count_capped).toBeUndefined();
      expect(answer.count).toBeGreaterThan(11_000);
      expect(answer.count).toBeLessThan(13_000);
    }
    // A later page of a view sorted without an index has sorted all its rows once, so it knows their number.
    expect((await list('registered_date__gte=2025-01-01&ordering=code&page=7')).json()).toMatchObject({ count_estimated: true });
    expect((await list('registered_date__gte=2025-01-01&ordering=item_name&page=7')).json()).toMatchObject({ count: 12_000 });
    // n % 365 = 1 for 33 of the 12,000 lines: counted, on a page that does not show them all, and on the last one.
    for (const query of ['registered_date=2025-01-02&page_size=10', 'registered_date=2025-01-02&page_size=10&page=4', 'registered_date=2025-01-02&page_size=50']) {
      const answer = (await list(query)).json();
      expect(answer.count).toBe(33);
      expect(answer.count_estimated).toBeUndefined();
    }
    // Beyond the last page the count is still known, and `previous` leads back to it.
    const beyond = (await list('registered_date=2025-01-02&page_size=10&page=9')).json();
    expect(beyond).toMatchObject({ count: 33, results: [] });
    expect(beyond.previous).toContain('page=4');
    // A count that read rows is kept for the pages that follow, until a write moves the company's data version.
    const run = runner(t.database);
    const [{ id: companyId }] = await run<{ id: string }>('SELECT company_id AS id FROM ecus_lines WHERE item_name LIKE $1 LIMIT 1', ['Đồng thau%']) as [{ id: string }];
    await run(`INSERT INTO ecus_lines (company_id, folder_set_id, account_number, registered_date, type_code, code, item_name, total)
      SELECT company_id, folder_set_id, '1099', DATE '2025-01-02', 'E31', 'MAT-X', 'Đồng thau cuộn', 1 FROM ecus_lines WHERE company_id = $1 LIMIT 1`, [companyId]);
    expect((await list('search=dong thau&page_size=10')).json().count).toBe(30);
    await companyDataChanged(run, companyId);
    expect((await list('search=dong thau&page_size=10')).json().count).toBe(31);
  });

  it('pages a view no index orders from its kept order, the same rows as sorting each page, until the data changes', async () => {
    const run = runner(t.database);
    const [{ id: companyId }] = await run<{ id: string }>('SELECT company_id AS id FROM ecus_lines WHERE item_name LIKE $1 LIMIT 1', ['Đồng thau%']) as [{ id: string }];
    const sorted = (order: string, where = 'TRUE') => run<{ id: number }>(`SELECT id FROM ecus_lines WHERE company_id = $1 AND ${where} ${order} LIMIT 25 OFFSET 50`, [companyId]);
    const ids = async (query: string) => (await list(`${query}&page_size=25&page=3`)).json().results.map((row: { id: number }) => ({ id: row.id }));
    expect(await ids('ordering=-item_name')).toEqual(await sorted('ORDER BY item_name DESC, id DESC'));
    expect(await ids('ordering=total_value&code__startswith=mat-1')).toEqual(await sorted('ORDER BY total_value, id', "code LIKE 'MAT-1%'"));
    const page = (await list('ordering=-item_name&page_size=25&page=3')).json();
    expect(page.count).toBe(await run<{ n: number }>('SELECT count(*)::int AS n FROM ecus_lines WHERE company_id = $1', [companyId]).then(([row]) => row!.n));
    expect(page.next).toContain('page=4');
    expect(page.previous).toContain('page=2');
    // A write moves the company's data version: the next page sorts the rows anew.
    const secondPage = async () => (await list('ordering=item_name&page_size=25&page=2')).json().results.map((row: { item_name: string }) => row.item_name);
    expect((await secondPage()).filter((name: string) => name.startsWith('0 '))).toEqual([]);
    await run(`UPDATE ecus_lines SET item_name = '0 ' || item_name WHERE company_id = $1 AND id IN (SELECT id FROM ecus_lines WHERE company_id = $1 ORDER BY id LIMIT 30)`, [companyId]);
    await companyDataChanged(run, companyId);
    expect((await secondPage()).filter((name: string) => name.startsWith('0 '))).toHaveLength(5);
  });

  it('finds a selective search through the trigram indexes: the table\'s for rows written one by one, the kept texts\' for imported rows', async () => {
    const run = runner(t.database);
    const [{ id: companyId }] = await run<{ id: string }>('SELECT company_id AS id FROM ecus_lines WHERE item_name LIKE $1 LIMIT 1', ['Đồng thau%']) as [{ id: string }];
    // An import of 12,000 lines, of which the kept texts hold the search text once it succeeded.
    const [{ id: recordId }] = await run<{ id: number }>(
      `INSERT INTO import_records (company_id, folder_set_id, resource, import_type, status, from_file, file_sha256, options)
       SELECT company_id, folder_set_id, 'ecus', 'IMPORT', 'succeeded', 'lines.xlsx', '', '{}' FROM ecus_lines WHERE company_id = $1 LIMIT 1 RETURNING id`, [companyId]) as [{ id: number }];
    await run(`INSERT INTO ecus_lines (company_id, folder_set_id, import_record_id, account_number, registered_date, type_code, code, item_name, total)
      SELECT company_id, folder_set_id, $2, '3055' || lpad(n::text, 8, '0'), DATE '2025-03-01', 'E31', 'IMP-' || n, 'Vải lót nhập ' || n, 1
        FROM (SELECT company_id, folder_set_id FROM ecus_lines WHERE company_id = $1 LIMIT 1) s, generate_series(1, 12000) n`, [companyId, recordId]);
    await indexImportedRows(run, recordId);
    expect((await run<{ n: number }>("SELECT count(*)::int AS n FROM search_texts WHERE table_name = 'ecus_lines'"))[0]!.n).toBe(12_000);
    // The kept texts of other tables and companies, as many as a real database holds beside them, without their rows:
    // a search reads its table's texts through the trigram index rather than listing them.
    await run(`INSERT INTO search_texts (table_name, id, company_id, folder_set_id, folded)
      SELECT 'purchases', n, company_id, folder_set_id, 'hoa don mua ' || n FROM (SELECT company_id, folder_set_id FROM ecus_lines LIMIT 1) s, generate_series(1, 100000) n`);
    await run('ANALYZE search_texts');
    const statement = new Statement();
    const company = statement.param(companyId);
    const condition = searchCondition(statement, ecus, { companyId, imported: true }, 'dong thau');
    const plan = (await run<Record<string, string>>(`EXPLAIN SELECT id FROM ecus_lines WHERE company_id = ${company} AND ${condition}`, statement.params))
      .map((row) => Object.values(row)[0]).join('\n');
    expect(plan).toContain('ecus_lines_search_idx');
    expect(plan).toContain('search_texts_folded_idx');
  });

  it('reads a list of one type code by day from the day\'s index, checking the type code in the index', async () => {
    const run = runner(t.database);
    const [scoped] = await run<{ company_id: string; folder_set_id: string }>('SELECT company_id, folder_set_id FROM ecus_lines WHERE item_name LIKE $1 LIMIT 1', ['Đồng thau%']);
    const statement = new Statement();
    const where = whereClause(statement, ecus, { companyId: scoped!.company_id, folderSetId: scoped!.folder_set_id, role: 'owner', importing: [], imported: [] },
      { type_code: 'E62', registered_date__gte: '2025-03-01', registered_date__lte: '2025-06-30' });
    const page = pageQuery(ecus, where, '-registered_date', statement.param(50), statement.param(5_000));
    const plan = (await run<Record<string, string>>(`EXPLAIN ${page}`, statement.params)).map((row) => Object.values(row)[0]).join('\n');
    // The page's ids in order from the index, no row read to check its type code: only the page's own rows are sorted.
    expect(plan).toMatch(/Limit[^\n]*\n\s*-> {2}Index Only Scan Backward using ecus_lines_registered_date_idx[^\n]*\n\s*Index Cond: \(.*type_code = /);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('cuts a list statement off on PostgreSQL after its time limit, with a clear answer', async () => {
    if (t.database.kind !== 'postgres') return;
    const url = (t.database.pool.options as { connectionString: string }).connectionString;
    const quick = await openPostgres(url, 2, { tableQueryTimeoutMs: 200 });
    try {
      await expect(tableRunner(quick)('SELECT pg_sleep(2)')).rejects.toMatchObject({ code: 'query_timeout' });
      expect(await tableRunner(quick)<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await quick.close();
    }
  });
});
