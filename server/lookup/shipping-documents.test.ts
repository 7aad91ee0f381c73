import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe('shipping documents', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  const goods = Array.from({ length: 20 }, (_, i) => ({
    marks: `DB-${i}`, packages: `${i + 1} cartons`, description: `Cà phê nhân Robusta, bao đay 60 kg, lô số ${i} `.repeat(3), grossWeightKg: '1200', measurementCbm: '2.5',
  }));

  it('produces a bill of lading PDF, with Vietnamese accents written as carriers print them', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/lookup/documents/bill-of-lading/',
      payload: {
        fields: {
          blNumber: 'HPH-250301', shipper: 'Công ty TNHH Cà phê Đắk Lắk\n12 Lê Duẩn, Buôn Ma Thuột', consignee: 'Busan Coffee Co., Ltd.', vessel: 'WAN HAI 288 / 012N',
          portOfLoading: 'Hai Phong', portOfDischarge: 'Busan', placeDateOfIssue: 'Hải Phòng, 2025-03-01',
        },
        goods,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bill-of-lading.pdf"');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getTitle()).toBe('BILL OF LADING HPH-250301');
    expect(pdf.getPageCount()).toBeGreaterThan(1);
  });

  it('produces an arrival notice and checks required fields and scripts', async () => {
    const fields = { blNumber: 'X1', noticeDate: '2025-03-10', carrier: 'WAN HAI', consignee: 'Dutybook', vessel: 'V', portOfLoading: 'Busan', portOfDischarge: 'Hai Phong', eta: '2025-03-12' };
    const ok = await t.app.inject({ method: 'POST', url: '/api/lookup/documents/arrival-notice/', payload: { fields, goods: goods.slice(0, 1) } });
    expect(ok.statusCode).toBe(200);
    expect((await PDFDocument.load(ok.rawPayload)).getTitle()).toBe('ARRIVAL NOTICE X1');
    const missing = await t.app.inject({ method: 'POST', url: '/api/lookup/documents/arrival-notice/', payload: { fields: { ...fields, eta: '' }, goods: [] } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['fields.eta', 'goods']);
    const korean = await t.app.inject({ method: 'POST', url: '/api/lookup/documents/arrival-notice/', payload: { fields: { ...fields, consignee: '부산 커피' }, goods: goods.slice(0, 1) } });
    expect(korean.statusCode).toBe(400);
    expect(korean.json().fields).toEqual({ 'fields.consignee': ['Use Latin letters.'] });
  });
});
