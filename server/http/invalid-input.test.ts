import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';

/** Input that once reached the database and failed there with a 500: each is a 400 naming its field. */
describe('input the database would fail on', { timeout: 60_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  let headers: Record<string, string> = {};
  let company = '';
  let folder = '';

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'owner@invalid-input.vn';
    headers = { authorization: `Bearer ${await signUp(t.app, mail, email)}` };
    const created = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers, payload: { name: 'Invalid Input' } })).json();
    company = created.slug;
    folder = created.folder_set[0].slug;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, headers, payload });

  it('refuses days that do not exist in folder-set dates and the birthday', async () => {
    const sets = `/api/clients-api/companies/${company}/folder-sets/`;
    for (const [field, day] of [['date_start', '2025-02-31'], ['date_end', '0000-00-00'], ['date_start', '2025-13-01']] as const) {
      const created = await call('POST', sets, { name: 'X', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'SXXK', [field]: day });
      expect(created.statusCode, `${field} ${day}: ${created.body}`).toBe(400);
      expect(created.json().fields[field], created.body).toBeDefined();
    }
    const changed = await call('PATCH', `${sets}${folder}/`, { date_end: '2025-02-29' });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().fields.date_end).toBeDefined();
    expect((await call('PATCH', `${sets}${folder}/`, { date_end: '2024-02-29' })).statusCode).not.toBe(500);
    const birthday = await call('PATCH', '/api/update-profile/', { birthday: '1990-02-30' });
    expect(birthday.statusCode).toBe(400);
    expect(birthday.json().fields.birthday).toBeDefined();
    expect((await call('PATCH', '/api/update-profile/', { birthday: '2000-02-29' })).statusCode).toBe(200);
  });

  it('refuses a template id beyond the integer range as a layout', async () => {
    const changed = await call('PATCH', `/api/clients-api/companies/${company}/folder-sets/${folder}/`, { statement_layout: 'template:2147483648' });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().fields.statement_layout).toBeDefined();
  });

  it('refuses an upload id that is no uuid, and a NUL character in an import form field', async () => {
    const mapping = { account_number: { mapping_col_name: 'A', title: '' } };
    const started = await call('POST', '/api/balance/ecus/import_data/', {
      upload_id: '-'.repeat(36), company_slug: company, folder_slug: folder, sheet_name: 'Sheet1', header_from: 1, mapping,
    });
    expect(started.statusCode, started.body).toBe(400);
    expect(started.json().fields.upload_id).toBeDefined();
    const body = multipart({ company_slug: company, folder_slug: folder, sheet_name: 'a\u0000b', header_from: '1', mapping: JSON.stringify(mapping) }, { name: 'lines.csv', content: Buffer.from('account_number\n105800000010\n') });
    const nul = await t.app.inject({ method: 'POST', url: '/api/balance/ecus/import_data/', payload: body.payload, headers: { ...headers, ...body.headers } });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(nul.json().fields.sheet_name).toBeDefined();
  });
});
