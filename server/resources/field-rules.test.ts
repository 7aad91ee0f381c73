import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coerceCell } from '../../common/imports/coerce.js';
import { resourceNamed } from '../../common/resources/index.js';
import { fieldValueSchema } from '../../common/resources/schemas.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/** Ranges and HS spellings are declared once on the field; the API, the forms' schema and the import all follow. */
describe('field rules', () => {
  const ecus = resourceNamed('ecus');
  const total = ecus.fields.total!;
  const hs = ecus.fields.hs!;

  it('refuses a negative declared quantity in the shared schema and in an imported cell', () => {
    expect(fieldValueSchema(total).safeParse('-5').error?.issues[0]?.message).toBe('Enter zero or more.');
    expect(fieldValueSchema(total).safeParse('0').data).toBe('0');
    expect(coerceCell(total, -5)).toEqual({ error: 'Negative, where only zero or more has a meaning' });
    expect(coerceCell(total, '1.250,5')).toEqual({ value: '1250.5' });
    expect(coerceCell(resourceNamed('bom').fields.bom_value!, '-0,2')).toMatchObject({ error: expect.any(String) });
    expect(coerceCell(resourceNamed('wh-counting').fields.inventory_quantity!, -1)).toMatchObject({ error: expect.any(String) });
    // Where a negative has a meaning (an in-out balance's closing), it stays accepted.
    expect(coerceCell(resourceNamed('wh-iob').fields.end_quantity!, -3)).toEqual({ value: '-3' });
  });

  it('keeps HS codes as digits however they were typed or imported', () => {
    expect(fieldValueSchema(hs).safeParse('8516.60.10').data).toBe('85166010');
    expect(fieldValueSchema(hs).safeParse(' 0901 11 ').data).toBe('090111');
    expect(fieldValueSchema(hs).safeParse('85A6').error?.issues[0]?.message).toBe('Enter an HS code of 2 to 10 digits, such as 8516.60.10.');
    expect(coerceCell(hs, '8516.60.10')).toEqual({ value: '85166010' });
    expect(coerceCell(hs, 9011110)).toEqual({ value: '9011110' });
    expect(coerceCell(hs, 'n/a')).toEqual({ error: 'Not an HS code (2 to 10 digits)' });
  });

  describe('through the API', () => {
    let t: TestApp;
    const mail = captureMail();
    let token = '';
    let scope: Record<string, string> = {};
    beforeAll(async () => {
      t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
      const email = 'rules@example.vn';
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name: 'Rules' } });
      token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
      const company = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Rules Co' } })).json();
      scope = { company_slug: company.slug, folder_slug: company.folder_set[0].slug };
    });
    afterAll(async () => t.close());

    it('stores dotted HS codes as digits and refuses negative quantities with the field named', async () => {
      const line = { ...scope, account_number: '105800000010', registered_date: '2026-02-01', type_code: 'E31', code: 'NVL-1', unit: 'KGM' };
      const created = await t.app.inject({ method: 'POST', url: '/api/balance/ecus/', headers: { authorization: `Bearer ${token}` }, payload: { ...line, hs: '8516.60.10', total: '12' } });
      expect(created.statusCode).toBe(201);
      expect(created.json().hs).toBe('85166010');
      const filtered = await t.app.inject({ method: 'GET', url: `/api/balance/ecus/?${new URLSearchParams({ ...scope, hs: '8516.60.10' }).toString()}`, headers: { authorization: `Bearer ${token}` } });
      expect(filtered.json().count).toBe(1);
      const negative = await t.app.inject({ method: 'POST', url: '/api/balance/ecus/', headers: { authorization: `Bearer ${token}` }, payload: { ...line, total: '-12' } });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().fields.total).toEqual(['Enter zero or more.']);
    });

    it('filters by contains, starts with, a range and emptiness', async () => {
      const add = (code: string, extra: object) => t.app.inject({ method: 'POST', url: '/api/balance/ecus/', headers: { authorization: `Bearer ${token}` },
        payload: { ...scope, account_number: '105800000020', registered_date: '2026-03-01', type_code: 'E31', code, unit: 'KGM', total: '5', ...extra } });
      await add('VẢI-01', { item_name: 'Vải cotton' });
      await add('CHỈ-02', { item_name: null, registered_date: '2026-05-01' });
      const codes = async (query: Record<string, string>) => (await t.app.inject({
        method: 'GET', url: `/api/balance/ecus/?${new URLSearchParams({ ...scope, ...query, ordering: 'code' }).toString()}`, headers: { authorization: `Bearer ${token}` },
      })).json().results.map((row: { code: string }) => row.code);
      expect(await codes({ code__contains: 'ai-0' })).toEqual(['VẢI-01']);
      expect(await codes({ code__startswith: 'chi' })).toEqual(['CHỈ-02']);
      expect(await codes({ registered_date__gte: '2026-02-15', registered_date__lte: '2026-04-01' })).toEqual(['VẢI-01']);
      expect(await codes({ item_name__empty: 'true' })).toEqual(['CHỈ-02', 'NVL-1']);
      expect(await codes({ item_name__empty: 'false' })).toEqual(['VẢI-01']);
      const wrong = await t.app.inject({ method: 'GET', url: `/api/balance/ecus/?${new URLSearchParams({ ...scope, total__contains: '5' }).toString()}`, headers: { authorization: `Bearer ${token}` } });
      expect(wrong.json().fields.total__contains).toEqual(['Only text and codes can be searched within.']);
    });
  });
});
