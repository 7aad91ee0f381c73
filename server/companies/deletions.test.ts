import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { indexImportedRows } from '../imports/search-indexing.js';
import { settledJobs } from '../jobs/leases.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';

const lines = (count: number) => Buffer.from(['account_number,code,item_name,total', ...Array.from({ length: count }, (_, n) => `10590000${String(n).padStart(4, '0')},NVL-${n},Vải cotton lô ${n},${n + 1}`)].join('\n'));
const mapping = { account_number: { mapping_col_name: 'A', title: '' }, code: { mapping_col_name: 'B', title: '' }, item_name: { mapping_col_name: 'C', title: '' }, total: { mapping_col_name: 'D', title: '' } };

/** Deleting a folder set or a company leaves nothing of it behind, and the company's kept counts see it go. */
describe('deleting folder sets and companies', { timeout: 120_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  let token = '';
  let company = '';

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'owner@deletions.vn';
    token = await signUp(t.app, mail, email);
    company = (await call('POST', '/api/clients-api/companies/', { name: 'Deletions Co' })).json().slug;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  }
  const run = () => runner(t.database);
  const dataVersion = async () => (await run()<{ v: string }>('SELECT data_version::text AS v FROM companies WHERE slug = $1', [company]))[0]!.v;

  /** A folder set with an import of `count` lines whose search text is kept. */
  async function folderWithImport(name: string, count: number): Promise<{ slug: string; id: string; recordId: number }> {
    const created = (await call('POST', `/api/clients-api/companies/${company}/folder-sets/`, { name, year: 2024, date_start: '2024-01-01', date_end: '2024-12-31', type_code: 'SXXK' })).json();
    const body = multipart({}, { name: 'lines.csv', content: lines(count) });
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/uploads/', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    const started = await call('POST', '/api/balance/ecus/import_data/', {
      upload_id: uploaded.json().upload_id, company_slug: company, folder_slug: created.slug, sheet_name: uploaded.json().sheets[0], header_from: 1, mapping,
      extra_fields: { registered_date: '2024-03-01', type_code: 'E31' },
    });
    expect(started.statusCode, started.body).toBe(202);
    await settledJobs();
    const [set] = await run()<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1', [created.slug]);
    return { slug: created.slug, id: set!.id, recordId: started.json().id };
  }

  it('moves the company\'s data version on when a folder set goes, so its kept counts are not answered again', async () => {
    const { slug } = await folderWithImport('Kept counts', 5);
    const before = await dataVersion();
    expect((await call('DELETE', `/api/clients-api/companies/${company}/folder-sets/${slug}/`)).statusCode).toBe(204);
    expect(BigInt(await dataVersion())).toBeGreaterThan(BigInt(before));
  });

  it('leaves no search text of a folder set deleted while its import\'s text is being kept', async () => {
    const { slug, id, recordId } = await folderWithImport('Indexing', 300);
    // The import's text is kept again from the start, and the folder set is deleted meanwhile.
    await run()("UPDATE import_records SET search_indexed = false WHERE id = $1", [recordId]);
    await run()('DELETE FROM search_texts WHERE folder_set_id = $1', [id]);
    const indexing = indexImportedRows(run(), recordId);
    const deleted = await call('DELETE', `/api/clients-api/companies/${company}/folder-sets/${slug}/`);
    await indexing;
    expect(deleted.statusCode).toBe(204);
    expect((await run()<{ n: number }>('SELECT count(*)::int AS n FROM search_texts WHERE folder_set_id = $1', [id]))[0]!.n).toBe(0);
  });

  it('removes the texts a slice keeps between the deletion\'s statements, for a folder set and for a company', async () => {
    const { slug, id } = await folderWithImport('Interleaved', 3);
    // On PostgreSQL a slice of search text may commit while the deletion runs: a trigger adds the text such a slice
    // would add, at the moment the folder set or company row is being deleted.
    await run()(`CREATE FUNCTION keep_text_meanwhile() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_texts (table_name, id, company_id, folder_set_id, folded)
          SELECT 'ecus_lines', e.id, e.company_id, e.folder_set_id, 'meanwhile' FROM ecus_lines e
           WHERE (TG_TABLE_NAME = 'folder_sets' AND e.folder_set_id = OLD.id) OR (TG_TABLE_NAME = 'companies' AND e.company_id = OLD.id)
          ON CONFLICT DO NOTHING;
        RETURN OLD;
      END $$`);
    await run()('CREATE TRIGGER keep_text_meanwhile BEFORE DELETE ON folder_sets FOR EACH ROW EXECUTE FUNCTION keep_text_meanwhile()');
    await run()('CREATE TRIGGER keep_text_meanwhile BEFORE DELETE ON companies FOR EACH ROW EXECUTE FUNCTION keep_text_meanwhile()');
    try {
      await run()('DELETE FROM search_texts WHERE folder_set_id = $1', [id]);
      expect((await call('DELETE', `/api/clients-api/companies/${company}/folder-sets/${slug}/`)).statusCode).toBe(204);
      expect((await run()<{ n: number }>('SELECT count(*)::int AS n FROM search_texts WHERE folder_set_id = $1', [id]))[0]!.n).toBe(0);
      const [owner] = await run()<{ id: string }>('SELECT id FROM companies WHERE slug = $1', [company]);
      expect((await call('DELETE', `/api/clients-api/companies/${company}/`)).statusCode).toBe(204);
      expect((await run()<{ n: number }>('SELECT count(*)::int AS n FROM search_texts WHERE company_id = $1', [owner!.id]))[0]!.n).toBe(0);
    } finally {
      await run()('DROP TRIGGER IF EXISTS keep_text_meanwhile ON folder_sets');
      await run()('DROP TRIGGER IF EXISTS keep_text_meanwhile ON companies');
    }
  });
});
