import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelledLineColumns } from '../../common/resources/ecus-cancel.js';
import { settledJobs } from '../jobs/leases.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/** A declaration line as ECUS exports it, with its exemption and the other taxes it carries. */
const declared = {
  account_number: '105800000120', row_number: 2, registered_date: '2026-03-04', type_code: 'E31', code: 'NVL-VAI', hs: '52083200',
  item_name: 'NVL-VAI#&Vải dệt thoi từ bông', from_country: 'CN', origin_criteria: 'WO', total: '1250.5', unit: 'MTR', total_2: '310.25',
  unit_2: 'KGM', unit_price: '2.4', unit_price_taxed: '61200', currency: 'USD', exchange_rate: '25500', nt_value: '3001.2',
  total_value: '76530600', tax_rate: '12', tax_cost: '0', exemption_code: 'XN210', exempted_amount: '9183672', vat_rate: '10',
  vat_amount: '7653060', excise_rate: '0', excise_amount: '0', environment_rate: '0', environment_amount: '0', trade_remedy_rate: '4.5',
  trade_remedy_amount: '3443877', partner: 'Shaoxing Textiles Ltd', invoice_no: 'INV-88', bill_date: '2026-02-27', contract: 'HD-2026/01',
  contract_date: '2026-01-05', unloading_location: 'Cảng Cát Lái', shipping_date: '2026-02-28', co_form: 'E', co_number: 'E26-0001',
  price_condition: 'CIF',
};

describe('cancel records', { timeout: 120_000 }, () => {
  let t: TestApp;
  let token = '';
  let scope: Record<string, string> = {};
  const mail = captureMail();

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'cancels@example.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Customs-Ledger-2026', name: 'Cancels' } });
    token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    const company = (await call('POST', '/api/clients-api/companies/', { name: 'Cancel Co' })).json();
    scope = { company_slug: company.slug, folder_slug: company.folder_set[0].slug };
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  }

  it('keeps every field of the cancelled line, with the date and reason of the cancellation', async () => {
    const created = await call('POST', '/api/balance/ecus/', { ...scope, ...declared });
    expect(created.statusCode, created.body).toBe(201);
    // The line keeps its exemption and taxes through the API.
    expect(created.json()).toMatchObject({ exemption_code: 'XN210', exempted_amount: '9183672', vat_amount: '7653060', trade_remedy_amount: '3443877', total_2: '310.25' });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Hủy');
    sheet.addRow(['STT', 'Số tờ khai', 'Số TT hàng', 'Ngày hủy', 'Lý do hủy']);
    sheet.addRow([1, '105800000120', 2, new Date(Date.UTC(2026, 2, 20)), 'Hàng không về trong thời hạn']);
    const uploaded = await t.app.inject({
      method: 'POST', url: '/api/uploads/',
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, authorization: `Bearer ${token}` } }))(multipart({}, { name: 'huy.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) })),
    });
    const started = await call('POST', '/api/balance/ecus/cancel_import_data/', {
      upload_id: uploaded.json().upload_id, ...scope, sheet_name: 'Hủy', header_from: 1,
      mapping: {
        account_number: { mapping_col_name: 'B', title: 'Số tờ khai' }, row_number: { mapping_col_name: 'C', title: 'Số TT hàng' },
        cancel_date: { mapping_col_name: 'D', title: 'Ngày hủy' }, cancel_reason: { mapping_col_name: 'E', title: 'Lý do hủy' },
      },
    });
    expect(started.statusCode, started.body).toBe(202);
    await settledJobs();
    expect((await call('GET', `/api/balance/import-record/${started.json().id}/`)).json()).toMatchObject({ status: 'succeeded' });

    const [record] = (await call('GET', `/api/balance/ecus-cancel/?${new URLSearchParams(scope)}`)).json().results;
    const expected = Object.fromEntries(Object.entries(cancelledLineColumns).map(([line, column]) => [column, (declared as Record<string, unknown>)[line] ?? null]));
    expect(record).toMatchObject({ ...expected, ecus_id: created.json().id, cancel_date: '2026-03-20', cancel_reason: 'Hàng không về trong thời hạn' });
    expect(record).toMatchObject({ currency: 'USD', total_2: '310.25', vat_cost: '7653060' });
    // Exported, whole amounts show no decimal separator and quantities exactly their decimals.
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load((await call('GET', `/api/balance/ecus-cancel/export/?${new URLSearchParams({ ...scope, lang: 'en' })}`)).rawPayload as unknown as ArrayBuffer);
    const list = exported.worksheets[0]!;
    const columnOf = (title: string) => (list.getRow(1).values as unknown[]).indexOf(title);
    expect([list.getCell(2, columnOf('Customs value')).numFmt, list.getCell(2, columnOf('Quantity')).numFmt, list.getCell(2, columnOf('Quantity 2')).numFmt])
      .toEqual(['#,##0', '#,##0.0', '#,##0.00']);
    // The cancelled line no longer counts.
    expect((await call('GET', `/api/fta/ecus-stock/?${new URLSearchParams(scope)}`)).json().results).toEqual([]);
  });
});
