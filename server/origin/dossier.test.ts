import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ScheduleAnswer } from '../../common/origin/schemas.js';
import { dossierData, dossierXlsx } from './dossier.js';

/** A shipment of 100 pieces at USD 80.04, whose value floating point multiplies to 8004.000000000001. */
const answer: ScheduleAnswer = {
  fulfill_criteria: true, rule_missing: false, message: null, tax_code: '0312340000', account_number: '300000000900',
  product: { code: 'P', name: 'Kettle', hs: '85167990', quantity: '100', unit: 'PCE' }, agreement: 'EV',
  rule: { text: 'CTH; or MaxNOM 50% (EXW)', hs: '8516', manual: false, general: false },
  price: { type: 'high_price', value: 80.04, percent: 10 },
  sum_of_no_fta_origin_cost: 6.03, sum_of_has_fta_origin_cost: 0, total: 80.04, exw: 80.03999999999999,
  criteria_results: [{ criterion: 'MaxNOM 50% (EXW)', kind: 'MaxNOM', alternative: 1, value: 4.12, threshold: 50, pass: true, reason: 'met', base: 'EXW' }],
  currency: 'USD',
  results: [{
    material_code: 'm1', material_name: 'Heating element', material_unit: 'PCE', bom_value: '3', hs: '85168090', from_country: 'CN', reference_no: null,
    co_form: null, unit_price: '2.01', account_number: '100000000100', registered_date: '2025-05-01', source: 'ecus', ecus_id: 1, purchase_id: null,
    has_fta_origin_cost: '0', no_fta_origin_cost: '6.03', origin_option: 'non_originated', price_option: 'high_price', note_price: null, claim_quantity: '300',
  }],
};
const context = { exporter: { name: 'Kettle Works', taxCode: null, address: null }, declarationDate: '2025-06-01', invoiceNo: null, invoiceDate: null, currency: 'USD', suppliers: new Map() };

describe('dossier amounts', () => {
  it('writes a shipment\'s values rounded to the invoice currency, in Word and in Excel', async () => {
    expect(80.04 * 100).not.toBe(8004);
    const data = dossierData(answer, context, { formType: 1, title: 1 });
    expect([data.numbers.fob, data.numbers.exw, data.fob, data.exw]).toEqual([8004, 8004, '8.004', '8.004']);
    // 300 elements at 2.01 is 602.9999999999999 in floating point.
    expect(data.materials[0]!.numbers.used * 2.01).not.toBe(603);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await dossierXlsx([dossierData(answer, context, { formType: 1, title: 1, form: 'WO' }), data])) as unknown as ArrayBuffer);
    const cellsOf = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().flat().filter((value) => typeof value === 'number');
    for (const sheet of workbook.worksheets) expect(cellsOf(sheet).filter((value) => String(value).length > 12), sheet.name).toEqual([]);
    expect(cellsOf(workbook.worksheets[0]!)).toContain(603);
    expect(cellsOf(workbook.worksheets[1]!)).toContain(8004);
  });
});
