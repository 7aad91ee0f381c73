import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PlaceholderValues } from './template-task.js';
import { fillTemplate } from './template-workbook.js';

const placeholders: PlaceholderValues = { company: 'Phu Thanh', tax_code: '0301234567', address: '', period: 'FY2025', period_start: '01/01/2025', period_end: '31/12/2025', regime: 'SXXK' };
// A 1×1 transparent PNG: a scanned stamp in the signature block.
const stamp = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function load(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('filling a template', () => {
  it('moves the signature block with its stamp and the print area, and writes a formula-like name as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('16');
    ['STT', 'Mã sản phẩm', 'Mã nguyên liệu, vật tư', 'Định mức thực tế'].forEach((caption, index) => { sheet.getCell(1, index + 1).value = caption; });
    sheet.getCell('B2').value = 'Người lập';
    sheet.addImage(workbook.addImage({ buffer: stamp as unknown as ExcelJS.Buffer, extension: 'png' }), 'B3:C4');
    sheet.pageSetup.printArea = 'A1:D4';
    const rows = [
      { product_code: 'TEE-01', material_code: 'YARN-01', actual_norm: '0.4125' },
      { product_code: 'TEE-01', material_code: '=HYPERLINK("http://x")', actual_norm: '2' },
    ];
    const filled = await load(await fillTemplate(Buffer.from(await workbook.xlsx.writeBuffer()), {
      form: '16', rows, placeholders,
      settings: { sheet_name: '16', header_from: 1, header_to: 1, footer_row: 2, mapping: { stt: 'A', product_code: 'B', material_code: 'C', actual_norm: 'D' } },
    }));

    // The signature block followed the header directly: both data rows come before it, which moves down by two.
    expect(filled.getRow(2).values).toEqual([undefined, 1, 'TEE-01', 'YARN-01', 0.4125]);
    expect(filled.getCell('D2').numFmt).toBe('#,##0.0000');
    expect(filled.getCell('C3').value).toBe('=HYPERLINK("http://x")');
    expect(filled.getCell('C3').numFmt).toBe('@');
    expect(filled.getCell('B4').value).toBe('Người lập');
    expect(filled.getImages().map((image) => image.range.tl.nativeRow)).toEqual([4]);
    expect(filled.pageSetup.printArea).toBe('A1:D6');
  });
});

describe('placeholders', () => {
  it('fills only the folder set\'s own values: {{__proto__}} and {{constructor}} stay as typed', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('15');
    sheet.getCell('A1').value = '{{company}} {{__proto__}} {{constructor}} {{to_string}}';
    sheet.getCell('A2').value = 'STT';
    const filled = await load(await fillTemplate(Buffer.from(await workbook.xlsx.writeBuffer()), {
      form: '16', rows: [], placeholders, settings: { sheet_name: '15', header_from: 2, header_to: 2, footer_row: null, mapping: { stt: 'A' } },
    }));
    expect(filled.getCell('A1').value).toBe('Phu Thanh {{__proto__}} {{constructor}} {{to_string}}');
  });
});
