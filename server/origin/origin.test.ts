import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Run, runner } from '../db/run.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The worked example of domain §7.8: product P (HS 8516.79), FOB USD 10.00 a unit, domestic expenses 0.30;
 * per unit m1 heating element (8516.80, China, CIF 2.00, no C/O), m2 housing (3926.90, bought in Vietnam with a
 * supplier declaration, 1.50) and m3 cable (8544.42, Thailand, Form D, 1.00).
 */
describe('origin schedules', () => {
  let t: TestApp;
  let run: Run;
  const mail = captureMail();
  let token = '';
  let scope = { company_slug: '', folder_slug: '' };
  let ids = { company: '', folder: '' };
  let exportLine = 0;

  const schedule = (body: object) => t.app.inject({
    method: 'POST', url: '/api/fta/bangke/', headers: { authorization: `Bearer ${token}` },
    payload: { ...scope, id: exportLine, domestic_expenses: 0.3, freight: 0, insurance: 0, oversea_expenses: 0, imported_expenses: 0, user_input: 0, price_input: 0, ...body },
  });
  const insert = async (table: string, row: Record<string, unknown>) => {
    const names = Object.keys(row);
    const [inserted] = await run<{ id: number }>(`INSERT INTO ${table} (company_id, folder_set_id, ${names.join(', ')}) VALUES ($1, $2, ${names.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING id`,
      [ids.company, ids.folder, ...Object.values(row)]);
    return inserted!.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    run = runner(t.database);
    const email = 'origin@example.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name: 'Origin' } });
    token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    const company = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Kettle Works', tax_code: '0312340000' } })).json();
    scope = { company_slug: company.slug, folder_slug: company.folder_set[0].slug };
    const [row] = await run<{ company_id: string; id: string }>('SELECT company_id, id FROM folder_sets WHERE slug = $1 AND company_id = (SELECT id FROM companies WHERE slug = $2)', [scope.folder_slug, scope.company_slug]);
    ids = { company: row!.company_id, folder: row!.id };

    const rate = 25_000;
    exportLine = await insert('ecus_lines', { account_number: '300000000100', row_number: 1, registered_date: '2025-06-01', type_code: 'E62', code: 'P', item_name: 'Electric kettle', hs: '85167990', total: 100, unit: 'PCE', unit_price: 10, currency: 'USD', exchange_rate: rate, nt_value: 1000, price_condition: 'FOB' });
    for (const material of ['m1', 'm2', 'm3']) await insert('bom_lines', { code: 'P', material_code: material, material_unit: 'PCE', bom_value: 1 });
    await insert('ecus_lines', { account_number: '100000000100', row_number: 1, registered_date: '2025-05-01', type_code: 'E31', code: 'm1', item_name: 'Heating element', hs: '85168090', from_country: 'CN', total: 100, unit: 'PCE', total_value: 100 * 2 * rate });
    await insert('ecus_lines', { account_number: '100000000200', row_number: 1, registered_date: '2025-04-01', type_code: 'E31', code: 'm1', item_name: 'Heating element', hs: '85168090', from_country: 'CN', total: 100, unit: 'PCE', total_value: 100 * 1.5 * rate });
    // Registered after the export: not evidence for it.
    await insert('ecus_lines', { account_number: '100000000300', row_number: 1, registered_date: '2025-07-01', type_code: 'E31', code: 'm1', hs: '85168090', from_country: 'CN', total: 100, unit: 'PCE', total_value: 100 * 9 * rate });
    await insert('purchases', { code: 'm2', name: 'Plastic housing', hs: '39269099', quantity: 100, tien_hang: 100 * 1.5 * rate, bill_date: '2025-05-10', bill_no: 'HD-0042', supplier_declaration: 'SD-2025-07', ten_ncc: 'Nhựa Bình Minh', ma_ncc: 'NCC-07' });
    await insert('ecus_lines', { account_number: '100000000400', row_number: 1, registered_date: '2025-05-02', type_code: 'E31', code: 'm3', item_name: 'Power cable', hs: '85444294', from_country: 'TH', total: 100, unit: 'PCE', total_value: 100 * 1 * rate, co_form: 'D', co_number: 'TH-2025-0001' });
    await run(`INSERT INTO lookup_origin_rule (year, hs, agreement, rule) VALUES (2025, '85', 'EV', 'CTSH'), (2025, '8516', 'EV', 'CTH; or MaxNOM 50% (EXW)')`);
  });
  afterAll(async () => t.close());

  const verdicts = (answer: { criteria_results: Array<{ criterion: string; pass: boolean; value: number | null; reason: string }> }) =>
    answer.criteria_results.map((result) => `${result.criterion}:${result.value}:${result.reason}`);

  it('qualifies under ATIGA by RVC, not by CTH, citing the evidence of each material', async () => {
    const answer = (await schedule({ option: 'ATIGA' })).json();
    expect(answer).toMatchObject({ fulfill_criteria: true, total: 10, exw: 9.7, sum_of_no_fta_origin_cost: 2, sum_of_has_fta_origin_cost: 2.5, rule: { text: 'RVC40 or CTH', general: true }, price: { type: 'high_price', value: 10, percent: 80 } });
    expect(verdicts(answer)).toEqual(['RVC 40%:80:met', 'CTH:20:not_met']);
    expect(answer.criteria_results[1].failing_materials).toEqual(['m1']);
    const rows = Object.fromEntries(answer.results.map((row: { material_code: string }) => [row.material_code, row]));
    expect(rows.m1).toMatchObject({ origin_option: 'non_originated', no_fta_origin_cost: '2', unit_price: '2', account_number: '100000000100', hs: '85168090', from_country: 'CN' });
    expect(rows.m2).toMatchObject({ origin_option: 'originated', has_fta_origin_cost: '1.5', reference_no: 'SD-2025-07', source: 'purchase' });
    expect(rows.m3).toMatchObject({ origin_option: 'originated', has_fta_origin_cost: '1', reference_no: 'TH-2025-0001', co_form: 'D' });
  });

  it('qualifies under EVFTA by MaxNOM on the ex-works price, the Thai cable counting as non-originating', async () => {
    const answer = (await schedule({ option: 'EV' })).json();
    expect(answer).toMatchObject({ fulfill_criteria: true, sum_of_no_fta_origin_cost: 3, rule: { text: 'CTH; or MaxNOM 50% (EXW)', hs: '8516', general: false } });
    expect(verdicts(answer)).toEqual(['CTH:20.62:not_met', 'MaxNOM 50% (EXW):30.93:met']);
  });

  it('needs both RVC and CTSH under AIFTA, and has both', async () => {
    const answer = (await schedule({ option: 'AI' })).json();
    expect(answer.fulfill_criteria).toBe(true);
    // Form D is no proof under AIFTA, so the cable is non-originating here: VNM 3.00, RVC 70%.
    expect(verdicts(answer)).toEqual(['RVC 35%:70:met', 'CTSH:0:met']);
  });

  it('prices by the chosen option, tests one criterion on request, and lets the user decide a material\'s origin', async () => {
    expect((await schedule({ option: 'ATIGA', price_option: 'low_price' })).json().price.percent).toBe(85);
    expect((await schedule({ option: 'ATIGA', price_option: 'latest_price' })).json().sum_of_no_fta_origin_cost).toBe(2);
    expect((await schedule({ option: 'ATIGA', price_option: 'weighted_average' })).json().sum_of_no_fta_origin_cost).toBe(1.75);
    const cth = (await schedule({ option: 'ATIGA', criteria: 'CTH' })).json();
    expect([cth.fulfill_criteria, verdicts(cth)]).toEqual([false, ['CTH:20:not_met']]);
    const decided = (await schedule({ option: 'ATIGA', criteria: 'CTH', overrides: [{ material_code: 'm1', origin_option: 'originated' }] })).json();
    expect([decided.fulfill_criteria, decided.sum_of_no_fta_origin_cost]).toEqual([true, 0]);
    const cif = (await schedule({ option: 'ATIGA', price_input: 12 })).json();
    expect(cif.total).toBe(12);
  });

  it('keeps an imported quantity from being claimed twice: a saved schedule holds its C/O stock until deleted', async () => {
    const second = await insert('ecus_lines', { account_number: '300000000200', row_number: 1, registered_date: '2025-06-10', type_code: 'E62', code: 'P', hs: '85167990', total: 100, unit: 'PCE', unit_price: 10, currency: 'USD', exchange_rate: 25_000, nt_value: 1000, price_condition: 'FOB' });
    const costs = { domestic_expenses: 0.3, freight: 0, insurance: 0, oversea_expenses: 0, imported_expenses: 0, user_input: 0, price_input: 0 };
    const save = (id: number) => t.app.inject({ method: 'POST', url: '/api/fta/bangke/create-bangke-history/', headers: { authorization: `Bearer ${token}` }, payload: { ...scope, ...costs, id, option: 'ATIGA' } });
    const saved = (await save(exportLine)).json();
    expect(saved).toMatchObject({ history_id: expect.any(Number), fulfill_criteria: true });
    expect(saved.results.find((row: { material_code: string }) => row.material_code === 'm1')).toMatchObject({ account_number: '100000000100', claim_quantity: '100' });
    // Saved again, the same line and agreement replaces its schedule rather than claiming twice.
    const again = (await save(exportLine)).json();
    const history = (await t.app.inject({ method: 'GET', url: `/api/fta/bangke/get-bangke-history/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`, headers: { authorization: `Bearer ${token}` } })).json();
    // It names the declaration, the product and the C/O form it supports.
    expect(history.results).toEqual([expect.objectContaining({
      id: again.history_id, ecus_id: exportLine, option: 'ATIGA', price_type: 'high_price', fulfill_criteria: true,
      account_number: '300000000100', product_code: 'P', product_name: 'Electric kettle', co_form: 'D',
    })]);

    // The second shipment finds the costlier heating elements claimed and cites the other import; the housing is all claimed.
    const other = (await schedule({ option: 'ATIGA', id: second })).json();
    const rows = Object.fromEntries(other.results.map((row: { material_code: string }) => [row.material_code, row]));
    expect(rows.m1).toMatchObject({ account_number: '100000000200', unit_price: '1.5' });
    expect(rows.m2).toMatchObject({ unit_price: null, note_price: expect.stringContaining('unclaimed') });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/fta/bangke/history/${again.history_id}/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(204);
    const released = (await schedule({ option: 'ATIGA', id: second })).json();
    expect(released.results.find((row: { material_code: string }) => row.material_code === 'm1').account_number).toBe('100000000100');
  });

  it('lays saved schedules out as the bảng kê of Circular 05/2018 in Word and Excel, one or several in one file', async () => {
    const costs = { domestic_expenses: 0.3, freight: 0, insurance: 0, oversea_expenses: 0, imported_expenses: 0, user_input: 0, price_input: 0 };
    const headers = { authorization: `Bearer ${token}` };
    const save = async (option: string) => (await t.app.inject({ method: 'POST', url: '/api/fta/bangke/create-bangke-history/', headers, payload: { ...scope, ...costs, id: exportLine, option } })).json().history_id as number;
    const [atiga, evfta] = [await save('ATIGA'), await save('EV')];
    const query = `company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`;
    // The EVFTA schedule supports the EUR.1 its certificate is issued on.
    const history = (await t.app.inject({ method: 'GET', url: `/api/fta/bangke/get-bangke-history/?${query}`, headers })).json();
    expect(history.results.map((entry: { id: number; co_form: string }) => [entry.id, entry.co_form])).toEqual([[evfta, 'EUR.1'], [atiga, 'D']]);
    const wordText = (bytes: Buffer) => new PizZip(bytes).file('word/document.xml')!.asText().replace(/<w:tab\/>/g, ' ').replace(/<\/w:p>/g, '\n').replace(/<[^>]+>/g, '')
      .replace(/&(quot|amp|lt|gt|apos);/g, (_entity, name: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" })[name] ?? '');

    const word = await t.app.inject({ method: 'GET', url: `/api/fta/bangke/history/${atiga}/document/?${query}`, headers });
    expect(word.statusCode).toBe(200);
    expect(word.headers['content-disposition']).toBe(`attachment; filename="bang-ke-300000000100-ATIGA.docx"; filename*=UTF-8''bang-ke-300000000100-ATIGA.docx`);
    const text = wordText(word.rawPayload);
    expect(text).toContain('Phụ lục VIII (ban hành kèm theo Thông tư số 05/2018/TT-BCT');
    expect(text).toContain('BẢNG KÊ KHAI HÀNG HÓA XUẤT KHẨU ĐẠT TIÊU CHÍ "RVC"');
    expect(text).toContain('Tên thương nhân: Kettle Works');
    // m1 non-originating at 2 a unit, 100 used; the cable with its Form D; RVC 80% against 40%.
    expect(text).toMatch(/Heating element\s*m1\s*8516\.80\.90\s*PCE\s*1\s*100\s*2\s*2/);
    expect(text).toContain('TK 100000000400 02/05/2025; C/O D TH-2025-0001');
    expect(text).toContain('Tỷ lệ RVC: 80%');
    // ATIGA has no product-specific rule loaded for 8516.79: the verdict rests on its general rule, and the form says so.
    expect(text).toContain('Kết luận: hàng hóa đáp ứng tiêu chí Hàm lượng giá trị khu vực (RVC) ≥ 40%. Chưa nạp quy tắc cụ thể mặt hàng của ATIGA cho mã HS 8516.79.90: '
      + 'kết luận này theo quy tắc chung của hiệp định (Hàm lượng giá trị khu vực (RVC) ≥ 40%; hoặc Chuyển đổi Nhóm (CTH)); quy tắc dành cho mặt hàng này chưa được kiểm tra.');
    // The rule and its formula in the document's language, and on the RVC form only the RVC formula.
    expect(text).toContain('Công thức: RVC = (Giá FOB − VNM) / Giá FOB × 100% (phương pháp gián tiếp)');
    expect(text).not.toMatch(/build-down|CTC|non-originating|every/i);
    expect(text).not.toMatch(/undefined|\{|\}/);

    // EVFTA is met by MaxNOM on ex-works; with form type 2 the English captions come along, title 2 names the agreement.
    const evText = wordText((await t.app.inject({ method: 'GET', url: `/api/fta/bangke/history/${evfta}/document/?${query}&word_form_type=2&word_title=2`, headers })).rawPayload);
    expect(evText).toContain('BẢNG KÊ KHAI HÀNG HÓA XUẤT KHẨU ĐẠT TIÊU CHÍ "MAXNOM" THEO HIỆP ĐỊNH EVFTA (C/O MẪU EUR.1)');
    expect(evText).toContain('Tên thương nhân (Exporter): Kettle Works');
    expect(evText).toContain('Tỷ lệ (Share) MaxNOM: 30,93%');
    expect(evText).toContain('Tiêu chí xuất xứ (Origin criterion): Nguyên liệu không có xuất xứ ≤ 50% giá EXW (MaxNOM) (Non-originating materials ≤ 50% of the EXW price (MaxNOM))');
    // The EVFTA verdict applied the product-specific rule loaded for 8516: no note.
    expect(evText).not.toContain('quy tắc chung');
    expect(evText).toContain('Công thức (Formula): MaxNOM = VNM / Giá EXW × 100%, Giá EXW = Giá FOB − chi phí nội địa (MaxNOM = VNM / EXW × 100, EXW = FOB − domestic expenses)');
    // The change-of-classification form carries its own formula, with the agreement's de minimis on its base.
    const ctcText = wordText((await t.app.inject({ method: 'GET', url: `/api/fta/bangke/history/${atiga}/document/?${query}&form=CTC`, headers })).rawPayload);
    expect(ctcText).toContain('Tiêu chí xuất xứ: Chuyển đổi Nhóm (CTH)');
    expect(ctcText).toContain('Công thức: Mọi nguyên liệu không có xuất xứ chuyển đổi Nhóm, hoặc trị giá các nguyên liệu không chuyển đổi không vượt quá 10% giá FOB (De minimis)');
    expect(ctcText).not.toContain('RVC =');

    const merged = await t.app.inject({ method: 'POST', url: '/api/fta/upload/merge/', headers, payload: { ...scope, files: [atiga, evfta] } });
    const mergedText = wordText(merged.rawPayload);
    expect(mergedText.indexOf('"RVC"')).toBeLessThan(mergedText.indexOf('"MAXNOM"'));
    expect(new PizZip(merged.rawPayload).file('word/document.xml')!.asText().match(/<w:pageBreakBefore\/>|w:type="page"/g)).toHaveLength(1);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await t.app.inject({ method: 'POST', url: '/api/fta/upload/merge/', headers, payload: { ...scope, files: [atiga, evfta], format: 'xlsx' } })).rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['1-300000000100', '2-300000000100']);
    const sheet = workbook.worksheets[0]!;
    const cells = sheet.getSheetValues().flat().filter((value) => typeof value === 'string');
    expect(cells.some((value) => (value as string).startsWith('Kết luận: hàng hóa đáp ứng tiêu chí Hàm lượng giá trị khu vực (RVC) ≥ 40%. Chưa nạp quy tắc cụ thể mặt hàng của ATIGA'))).toBe(true);
    // Numbers are numbers, formatted by the spreadsheet: no figure is written as text.
    expect(cells.filter((value) => /^\d{1,3}(\.\d{3})*(,\d+)?\s*(USD|PCE|%)?$/.test(value as string))).toEqual([]);
    const rowOf = (first: string) => { let found: ExcelJS.Row | undefined; sheet.eachRow((row) => { if (row.getCell(2).value === first || row.getCell(1).value === first) found ??= row; }); return found!; };
    const heating = rowOf('Heating element');
    expect([1, 6, 7, 8, 10].map((column) => heating.getCell(column).value)).toEqual([1, 1, 100, 2, 2]);
    // One format a column: money with at least the currency's cents, quantities with the decimals they have.
    expect([heating.getCell(7).numFmt, heating.getCell(8).numFmt, heating.getCell(10).numFmt, rowOf('Cộng').getCell(10).numFmt]).toEqual(['#,##0', '#,##0.00', '#,##0.00', '#,##0.00']);
    const fob = rowOf('Trị giá FOB');
    expect([fob.getCell(12).value, fob.getCell(12).numFmt, fob.getCell(13).value]).toEqual([1000, '#,##0.00', 'USD']);
    const share = rowOf('Tỷ lệ RVC');
    expect([share.getCell(12).value, share.getCell(12).numFmt]).toEqual([0.8, '0.00%']);
    expect(cells).toContain('Heating element');

    // Wholly obtained: the inputs with their invoices and sellers (Annex III); the cable is imported, so WO does not hold.
    const woText = wordText((await t.app.inject({ method: 'GET', url: `/api/fta/bangke/history/${atiga}/document/?${query}&form=WO`, headers })).rawPayload);
    expect(woText).toContain('Phụ lục III (ban hành kèm theo Thông tư số 05/2018/TT-BCT');
    expect(woText).toContain('BẢNG KÊ KHAI HÀNG HÓA XUẤT KHẨU ĐẠT TIÊU CHÍ "WO"');
    expect(woText).toMatch(/Plastic housing\s*m2\s*3926\.90\.99\s*\S*\s*100\s*150\s*VN\s*HĐ HD-0042 10\/05\/2025; bản khai SD-2025-07\s*Nhựa Bình Minh/);
    expect(woText).toContain('Kết luận: hàng hóa chưa đáp ứng tiêu chí WO.');
    // The declaration the domestic supplier signs (Annex X), one a purchase the schedule cites.
    const supplierText = wordText((await t.app.inject({ method: 'GET', url: `/api/fta/bangke/history/${atiga}/document/?${query}&form=SUPPLIER`, headers })).rawPayload);
    expect(supplierText).toContain('Phụ lục X (ban hành kèm theo');
    expect(supplierText).toContain('BẢN KHAI BÁO XUẤT XỨ CỦA NHÀ SẢN XUẤT/NHÀ CUNG CẤP NGUYÊN LIỆU TRONG NƯỚC');
    expect(supplierText).toContain('Tên nhà cung cấp: Nhựa Bình Minh; Mã nhà cung cấp: NCC-07');
    expect(supplierText).toContain('Người mua (thương nhân xuất khẩu): Kettle Works');
    expect(supplierText).toContain('Hóa đơn thương mại: HD-0042, 10/05/2025; Số bản khai: SD-2025-07');
    expect(supplierText).not.toContain('Heating element');
    const supplierBook = new ExcelJS.Workbook();
    await supplierBook.xlsx.load((await t.app.inject({ method: 'GET', url: `/api/fta/bangke/history/${atiga}/document/?${query}&form=SUPPLIER&format=xlsx`, headers })).rawPayload as unknown as ArrayBuffer);
    expect(supplierBook.worksheets.map((sheet) => sheet.name)).toEqual(['1.1-m2']);
    expect(supplierBook.worksheets[0]!.getSheetValues().flat()).toContain('Plastic housing');

    expect((await t.app.inject({ method: 'POST', url: '/api/fta/upload/merge/', headers, payload: { ...scope, files: [atiga, 999_999] } })).statusCode).toBe(404);
    for (const id of [atiga, evfta]) await t.app.inject({ method: 'DELETE', url: `/api/fta/bangke/history/${id}/?${query}`, headers });
  });

  it('gives no verdict where no rule is loaded for the code under an agreement without a general rule, and says how to load one', async () => {
    for (const option of ['CPTPP', 'UKV']) {
      const answer = (await schedule({ option })).json();
      expect(answer).toMatchObject({ fulfill_criteria: null, rule_missing: true, criteria_results: [], rule: { text: '' } });
      expect(answer.message).toContain(`Chưa có quy tắc xuất xứ nào được nạp cho mã HS 8516.79.90 theo ${option === 'UKV' ? 'UKVFTA' : 'CPTPP'}`);
      expect(answer.message).toContain('Quản trị › Dữ liệu tra cứu');
    }
    // In the user's language; a rule that is loaded is judged and carries no message.
    await run("UPDATE users SET locale = 'en' WHERE email = 'origin@example.vn'");
    try {
      expect((await schedule({ option: 'CPTPP' })).json().message).toMatch(/^No rule of origin is loaded for HS 8516\.79\.90 under CPTPP/);
    } finally {
      await run("UPDATE users SET locale = 'vi' WHERE email = 'origin@example.vn'");
    }
    expect((await schedule({ option: 'EV' })).json()).toMatchObject({ fulfill_criteria: true, rule_missing: false, message: null });
    // A criterion given is a rule to judge by.
    expect((await schedule({ option: 'CPTPP', criteria: 'RVC40' })).json()).toMatchObject({ fulfill_criteria: true, rule_missing: false });

    const headers = { authorization: `Bearer ${token}` };
    const inputs = { domestic_expenses: 0.3, freight: 0, insurance: 0, oversea_expenses: 0, imported_expenses: 0, user_input: 0, price_input: 0 };
    const saved = (await t.app.inject({ method: 'POST', url: '/api/fta/bangke/create-bangke-history/', headers, payload: { ...scope, ...inputs, id: exportLine, option: 'CPTPP' } })).json();
    expect(saved).toMatchObject({ fulfill_criteria: null, rule_missing: true });
    const query = `company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`;
    const history = (await t.app.inject({ method: 'GET', url: `/api/fta/bangke/get-bangke-history/?${query}&ecus_id=${exportLine}`, headers })).json();
    expect(history.results.find((entry: { id: number }) => entry.id === saved.history_id)).toMatchObject({ fulfill_criteria: null, co_form: 'CPTPP' });
    const word = await t.app.inject({ method: 'GET', url: `/api/fta/bangke/history/${saved.history_id}/document/?${query}`, headers });
    const text = new PizZip(word.rawPayload).file('word/document.xml')!.asText().replace(/<[^>]+>/g, '');
    expect(text).toContain('Kết luận: Chưa kết luận cho P theo CPTPP: chưa nạp quy tắc xuất xứ.');
    expect(text).toContain('Tiêu chí xuất xứ: Chưa có quy tắc');
    expect(text).not.toContain('chưa đáp ứng');
    await t.app.inject({ method: 'DELETE', url: `/api/fta/bangke/history/${saved.history_id}/?${query}`, headers });
  });

  it('keeps the company\'s uploaded Word documents and merges them with saved schedules in the order given', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const inputs = { domestic_expenses: 0.3, freight: 0, insurance: 0, oversea_expenses: 0, imported_expenses: 0, user_input: 0, price_input: 0 };
    const wordText = (bytes: Buffer) => new PizZip(bytes).file('word/document.xml')!.asText().replace(/<\/w:p>/g, '\n').replace(/<[^>]+>/g, '');
    // A signed supplier declaration as Word writes it: a style of its own and a picture of the signature.
    const docx = (text: string) => {
      const zip = new PizZip();
      zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>');
      zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
      zip.file('word/_rels/document.xml.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>');
      zip.file('word/styles.xml', '<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:styleId="SignedDeclaration"><w:name w:val="Signed declaration"/></w:style></w:styles>');
      zip.file('word/media/image1.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body><w:p><w:pPr><w:pStyle w:val="SignedDeclaration"/></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p><w:p><w:r><w:drawing><a:blip xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" r:embed="rId7"/></w:drawing></w:r></w:p><w:sectPr/></w:body></w:document>`);
      return zip.generate({ type: 'nodebuffer' });
    };
    const upload = (name: string, content: Buffer, company = scope.company_slug) => {
      const boundary = '----origin-upload';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="company_slug"\r\n\r\n${company}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        content, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: '/api/fta/upload/', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    };

    const declaration = await upload('Bản khai NCC-07.docx', docx('Supplier declaration signed by Nhựa Bình Minh'));
    expect(declaration.statusCode).toBe(201);
    expect(declaration.json()).toMatchObject({ id: expect.any(Number), file: 'Bản khai NCC-07.docx', uploaded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const cover = (await upload('cover.docx', docx('Cover letter to the issuing office'))).json();
    const listed = (await t.app.inject({ method: 'GET', url: `/api/fta/upload/?company_slug=${scope.company_slug}`, headers })).json();
    expect(listed.results.map((entry: { file: string }) => entry.file)).toEqual(['cover.docx', 'Bản khai NCC-07.docx']);

    // Only real Word documents, within bounds: a renamed spreadsheet, a zip that is no document, an oversized file.
    expect((await upload('table.docx', Buffer.from('code,name\n1,a\n'))).json()).toMatchObject({ code: 'unsupported_media_type' });
    const notWord = new PizZip();
    notWord.file('readme.txt', 'hello');
    expect((await upload('zip.docx', notWord.generate({ type: 'nodebuffer' }))).statusCode).toBe(415);
    expect((await upload('huge.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(11 * 1024 * 1024)]))).statusCode).toBe(413);

    const saved = (await t.app.inject({ method: 'POST', url: '/api/fta/bangke/create-bangke-history/', headers, payload: { ...scope, ...inputs, id: exportLine, option: 'ATIGA' } })).json();
    const merge = (documents: object[], format = 'docx') => t.app.inject({ method: 'POST', url: '/api/fta/upload/merge/', headers, payload: { ...scope, format, documents } });
    const merged = await merge([{ kind: 'upload', id: cover.id }, { kind: 'schedule', id: saved.history_id }, { kind: 'upload', id: declaration.json().id }]);
    expect(merged.statusCode).toBe(200);
    const text = wordText(merged.rawPayload);
    const positions = ['Cover letter', 'BẢNG KÊ KHAI HÀNG HÓA', 'Supplier declaration signed'].map((part) => text.indexOf(part));
    expect(positions[0]).toBeGreaterThanOrEqual(0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The pictures and styles of the uploads came along, each under a name of its own.
    const zip = new PizZip(merged.rawPayload);
    const relationships = zip.file('word/_rels/document.xml.rels')!.asText();
    for (const id of [...zip.file('word/document.xml')!.asText().matchAll(/r:embed="([^"]+)"/g)].map((match) => match[1]!)) {
      const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(relationships)?.[1] ?? new RegExp(`Target="([^"]+)"[^>]*Id="${id}"`).exec(relationships)?.[1];
      expect(zip.file(`word/${target}`)).not.toBeNull();
    }
    // The cover letter opens the document and keeps its parts; the declaration's picture is renamed beside it.
    expect(Object.keys(zip.files).filter((name) => name.startsWith('word/media/')).sort()).toEqual(['word/media/image1.png', 'word/media/merged2-image1.png']);
    expect(zip.file('word/styles.xml')!.asText()).toContain('w:styleId="SignedDeclaration"');

    // Uploads merge into Word only, and only the caller's company's.
    expect((await merge([{ kind: 'upload', id: cover.id }], 'xlsx')).statusCode).toBe(400);
    const email = 'other-company@example.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Lantern-Harbour-4417', name: 'Other' } });
    const other = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token as string;
    const theirs = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${other}` }, payload: { name: 'Other Works' } })).json();
    const theirScope = { company_slug: theirs.slug, folder_slug: theirs.folder_set[0].slug };
    const probe = await t.app.inject({ method: 'POST', url: '/api/fta/upload/merge/', headers: { authorization: `Bearer ${other}` }, payload: { ...theirScope, documents: [{ kind: 'upload', id: cover.id }] } });
    expect(probe.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/fta/upload/?company_slug=${scope.company_slug}`, headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/fta/upload/?company_slug=${theirs.slug}`, headers: { authorization: `Bearer ${other}` } })).json().count).toBe(0);

    await t.app.inject({ method: 'DELETE', url: `/api/fta/bangke/history/${saved.history_id}/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`, headers });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/fta/upload/${cover.id}/?company_slug=${scope.company_slug}`, headers })).statusCode).toBe(204);
  });

  it('refuses missing or negative costs with the specification\'s messages, and lines of other companies', async () => {
    const missing = await schedule({ option: 'ATIGA', freight: undefined });
    expect(missing.json()).toMatchObject({ code: 'validation_error', fields: { freight: ['This input is required'] } });
    const negative = await schedule({ option: 'ATIGA', imported_expenses: -1 });
    expect(negative.json().fields.imported_expenses).toEqual(["This input is required or can't be negative"]);
    expect((await schedule({ option: 'ATIGA', id: exportLine + 1000 })).statusCode).toBe(404);
  });

  it('answers the product-specific rules of every agreement for a code, read into criteria', async () => {
    const answer = (await t.app.inject({ method: 'GET', url: '/api/fta/psr/get_psr/?hs=8516.79.90&year=2025', headers: { authorization: `Bearer ${token}` } })).json();
    const byAgreement = Object.fromEntries(answer.results.map((row: { agreement: string }) => [row.agreement, row]));
    expect(byAgreement.EV).toMatchObject({ hs: '8516', general: false, rule: { alternatives: [[{ kind: 'CTH' }], [{ kind: 'MaxNOM', threshold: 50, base: 'EXW' }]] } });
    expect(byAgreement.AI).toMatchObject({ hs: null, general: true, rule: { text: 'RVC35 and CTSH' } });
    expect(answer.results).toHaveLength(15);
  });

  const costs = { domestic_expenses: 0.3, freight: 0, insurance: 0, oversea_expenses: 0, imported_expenses: 0, user_input: 0, price_input: 0 };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, bearer = token) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` }, ...(payload ? { payload: { ...scope, ...payload } } : {}) });
  const byCode = (answer: { results: Array<{ material_code: string }> }) => Object.fromEntries(answer.results.map((row) => [row.material_code, row])) as Record<string, Record<string, unknown>>;

  it('re-judges the schedule on the rows the user sets (perform-manual), beside what the evidence alone gives', async () => {
    const manual = (body: object) => call('POST', '/api/fta/bangke/perform-manual/', { ...costs, id: exportLine, option: 'ATIGA', ...body });
    // CTH fails on the heating element (heading 8516, as the kettle); declared originating by the user, it passes.
    const decided = (await manual({ criteria: 'CTH', rows: [{ material_code: 'm1', origin_option: 'originated' }] })).json();
    expect(decided).toMatchObject({ fulfill_criteria: true, old_fulfill_criteria: false, count: 1, old_fta_origin_cost: 2, sum_of_no_fta_origin_cost: 0 });
    expect(byCode(decided).m1).toMatchObject({ origin_option: 'originated', has_fta_origin_cost: '2', old_fta_origin_cost: '2', manual: true });
    expect(byCode(decided).m2).not.toHaveProperty('manual');

    // A dearer heating element (7 a unit) brings RVC to 30%, under ATIGA's 40; a smaller norm brings it back.
    const dearer = (await manual({ criteria: 'RVC40', rows: [{ material_code: 'm1', unit_price: 7 }] })).json();
    expect([dearer.fulfill_criteria, dearer.old_fulfill_criteria, dearer.price.percent, byCode(dearer).m1!.no_fta_origin_cost]).toEqual([false, true, 30, '7']);
    const lighter = (await manual({ criteria: 'RVC40', rows: [{ material_code: 'm1', unit_price: 7, bom_value: 0.5 }] })).json();
    expect([lighter.fulfill_criteria, lighter.price.percent, byCode(lighter).m1!.claim_quantity]).toEqual([true, 65, '50']);

    // The user picks the cheaper import of the heating element instead of the high price's choice.
    const [cheaper] = await run<{ id: number }>("SELECT id FROM ecus_lines WHERE account_number = '100000000200'");
    const pinned = (await manual({ rows: [{ material_code: 'm1', ecus_stock_id: cheaper!.id }] })).json();
    expect(byCode(pinned).m1).toMatchObject({ account_number: '100000000200', unit_price: '1.5', ecus_id: cheaper!.id, old_fta_origin_cost: '2' });
    expect(pinned.sum_of_no_fta_origin_cost).toBe(1.5);

    // An import registered after the export cannot back it, nor can a material the product does not use be set.
    const [later] = await run<{ id: number }>("SELECT id FROM ecus_lines WHERE account_number = '100000000300'");
    const refused = await manual({ rows: [{ material_code: 'm1', ecus_stock_id: later!.id }] });
    expect([refused.statusCode, refused.json().code, refused.json().fields.rows[0]]).toEqual([400, 'validation_error', `import line ${later!.id} cannot back m1`]);
    expect((await manual({ rows: [{ material_code: 'zz', origin_option: 'originated' }] })).json().fields.rows).toEqual(['Not a material of this product: zz.']);
    expect((await manual({ rows: [] })).statusCode).toBe(400);
  });

  it('recalculates a saved schedule on today\'s data with the inputs it was saved with, and replaces it', async () => {
    const saved = (await call('POST', '/api/fta/bangke/create-bangke-history/', { ...costs, id: exportLine, option: 'ATIGA', criteria: 'RVC40' })).json();
    expect([saved.fulfill_criteria, saved.price.percent]).toEqual([true, 80]);
    // The costlier heating-element import is corrected to 7 a unit: RVC falls to 30%.
    await run("UPDATE ecus_lines SET total_value = 100 * 7 * 25000 WHERE account_number = '100000000100'");
    try {
      const again = await call('POST', '/api/fta/bangke/re-calculate-bangke/', { id: saved.history_id });
      expect(again.statusCode).toBe(200);
      const recalculated = again.json();
      // The saved inputs came along: domestic expenses 0.3 (EXW 9.7) and the one criterion tested.
      expect(recalculated).toMatchObject({ fulfill_criteria: false, exw: 9.7, rule: { text: 'RVC40' }, price: { percent: 30 }, sum_of_no_fta_origin_cost: 7 });
      expect(recalculated.history_id).not.toBe(saved.history_id);
      const history = (await call('GET', `/api/fta/bangke/get-bangke-history/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}&ecus_id=${exportLine}`)).json();
      expect(history.results.map((entry: { id: number; fulfill_criteria: boolean }) => [entry.id, entry.fulfill_criteria])).toEqual([[recalculated.history_id, false]]);

      // A changed input replaces the saved one: at the low price the other import (1.5) is cited.
      const low = (await call('POST', '/api/fta/bangke/re-calculate-bangke/', { id: recalculated.history_id, price_option: 'low_price' })).json();
      expect([low.fulfill_criteria, low.price.percent, low.price.type]).toEqual([true, 85, 'low_price']);
      expect((await call('POST', '/api/fta/bangke/re-calculate-bangke/', { id: recalculated.history_id })).statusCode).toBe(404);
      // Recalculated again with nothing given, it keeps the low price it was saved with.
      const kept = (await call('POST', '/api/fta/bangke/re-calculate-bangke/', { id: low.history_id })).json();
      expect([kept.price.type, kept.price.percent, kept.exw]).toEqual(['low_price', 85, 9.7]);
      expect((await call('POST', '/api/fta/bangke/re-calculate-bangke/', { id: kept.history_id, freight: -1 })).statusCode).toBe(400);
      await t.app.inject({ method: 'DELETE', url: `/api/fta/bangke/history/${kept.history_id}/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`, headers: { authorization: `Bearer ${token}` } });
    } finally {
      await run("UPDATE ecus_lines SET total_value = 100 * 2 * 25000 WHERE account_number = '100000000100'");
    }
  });

  it('sets the C/O stock a saved schedule claims of a line, refusing more than is left and freeing what it gives back', async () => {
    const third = await insert('ecus_lines', { account_number: '300000000300', row_number: 1, registered_date: '2025-06-20', type_code: 'E62', code: 'P', hs: '85167990', total: 100, unit: 'PCE', unit_price: 10, currency: 'USD', exchange_rate: 25_000, nt_value: 1000, price_condition: 'FOB' });
    const saved = (await call('POST', '/api/fta/bangke/create-bangke-history/', { ...costs, id: exportLine, option: 'ATIGA' })).json();
    const [dear] = await run<{ id: number }>("SELECT id FROM ecus_lines WHERE account_number = '100000000100'");
    const stockUrl = `/api/fta/bangke/history/${saved.history_id}/stock/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`;
    const claims = (await call('GET', stockUrl)).json().results as Array<{ source_id: number; quantity: string; available: string; code: string }>;
    expect(claims.find((claim) => claim.source_id === dear!.id)).toMatchObject({ code: 'm1', quantity: '100', stock: '100', available: '0' });

    const set = (quantity: number) => call('PUT', '/api/fta/bangke/', { id: saved.history_id, ecus_stock_id: dear!.id, quantity });
    const over = await set(150);
    expect([over.statusCode, over.json().code]).toEqual([409, 'conflict']);
    expect(over.json().detail).toContain('150 claimed, 100 left');

    // 60 claimed leaves 40: too little for the next shipment's 100, which cites the other import.
    const partial = (await set(60)).json();
    expect(partial.results.find((claim: { source_id: number }) => claim.source_id === dear!.id)).toMatchObject({ quantity: '60', available: '40' });
    const [kept] = await run<{ answer: { results: Array<{ material_code: string; claim_quantity: string }> } }>('SELECT answer FROM origin_schedules WHERE id = $1', [saved.history_id]);
    expect(kept!.answer.results.find((row) => row.material_code === 'm1')!.claim_quantity).toBe('60');
    expect(byCode((await schedule({ option: 'ATIGA', id: third })).json()).m1!.account_number).toBe('100000000200');

    // Released, the line backs the next shipment again.
    const released = (await set(0)).json();
    expect(released.results.map((claim: { source_id: number }) => claim.source_id)).not.toContain(dear!.id);
    expect(byCode((await schedule({ option: 'ATIGA', id: third })).json()).m1!.account_number).toBe('100000000100');
    expect((await set(10)).statusCode).toBe(404);
    expect((await call('PUT', '/api/fta/bangke/', { id: saved.history_id, quantity: 1 })).statusCode).toBe(400);
    await t.app.inject({ method: 'DELETE', url: `/api/fta/bangke/history/${saved.history_id}/?company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`, headers: { authorization: `Bearer ${token}` } });
  });

  it('lists the export invoices and their products of the folder set, to members of the company only', async () => {
    for (const [row, code] of [[1, 'P'], [2, 'Q']] as const) {
      await insert('ecus_lines', { account_number: '300000000900', row_number: row, registered_date: '2025-06-25', type_code: 'E62', code, item_name: `Kettle ${code}`, hs: '85167990', total: 10, unit: 'PCE', unit_price: 10, currency: 'EUR', exchange_rate: 25_000, nt_value: 100, price_condition: 'CIF', invoice_no: 'INV-2025-77', bill_date: '2025-06-24', contract: 'HD-01/2025' });
    }
    // An import invoice is not an export's.
    await insert('ecus_lines', { account_number: '100000000900', row_number: 1, registered_date: '2025-06-25', type_code: 'E31', code: 'm1', total: 10, unit: 'PCE', invoice_no: 'INV-IMPORT' });
    const query = `company_slug=${scope.company_slug}&folder_slug=${scope.folder_slug}`;
    const invoices = (await call('GET', `/api/fta/invoices/?${query}`)).json();
    expect(invoices).toMatchObject({ count: 1, next: null, previous: null, results: [{ invoice_no: 'INV-2025-77', bill_date: '2025-06-24', contract_number: 'HD-01/2025', account_numbers: ['300000000900'], line_count: 2 }] });

    const products = (await call('GET', `/api/fta/products/?${query}&invoice_no=INV-2025-77&page_size=1`)).json();
    expect(products).toMatchObject({ count: 2, previous: null, results: [{ code: 'P', account_number: '300000000900', invoice_price_condition: 'CIF', total: '10', exchange_rate: '25000', registered_date: '2025-06-25', currency: 'EUR' }] });
    expect(products.next).toBe(`/api/fta/products/?${query}&invoice_no=INV-2025-77&page_size=1&page=2`);
    const second = (await call('GET', products.next)).json();
    expect([second.results[0].code, second.next, second.previous]).toEqual(['Q', null, `/api/fta/products/?${query}&invoice_no=INV-2025-77&page_size=1&page=1`]);
    expect((await call('GET', `/api/fta/products/?${query}&search=kettle%20q`)).json().results.map((row: { code: string }) => row.code)).toEqual(['Q']);
    // Every export line of the folder set, the schedule's subjects, newest first; the import line is not one.
    const all = (await call('GET', `/api/fta/products/?${query}`)).json();
    expect(all.results.every((row: { account_number: string }) => row.account_number.startsWith('3'))).toBe(true);

    const email = 'outsider@example.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Lantern-Harbour-4417', name: 'Outsider' } });
    const outsider = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token as string;
    for (const path of ['/api/fta/invoices/', '/api/fta/products/']) expect((await call('GET', `${path}?${query}`, undefined, outsider)).statusCode).toBe(404);
    const saved = (await call('POST', '/api/fta/bangke/create-bangke-history/', { ...costs, id: exportLine, option: 'ATIGA' })).json();
    expect((await call('PUT', '/api/fta/bangke/', { id: saved.history_id, ecus_stock_id: 1, quantity: 1 }, outsider)).statusCode).toBe(404);
    expect((await call('POST', '/api/fta/bangke/re-calculate-bangke/', { id: saved.history_id }, outsider)).statusCode).toBe(404);
    expect((await call('POST', '/api/fta/bangke/perform-manual/', { ...costs, id: exportLine, option: 'ATIGA', rows: [{ material_code: 'm1', origin_option: 'originated' }] }, outsider)).statusCode).toBe(404);
  });
});
