import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../http/downloads.js';
import { sheetName, workbookBytes } from './write.js';

describe('files built from user data', () => {
  it('names a download by RFC 6266 whatever the name holds', () => {
    expect(contentDisposition('bang-ke-104ố-ATIGA.docx')).toBe(`attachment; filename="bang-ke-104o-ATIGA.docx"; filename*=UTF-8''bang-ke-104%E1%BB%91-ATIGA.docx`);
    // A quote or semicolon cannot end the parameter and add another.
    const injected = contentDisposition('a"; filename="evil.exe;x.xlsx');
    expect(injected).toMatch(/^attachment; filename="[^";]*"; filename\*=UTF-8''[^\s";]*$/);
    expect(contentDisposition('../../etc/passwd\u0000.txt')).toBe(`attachment; filename="etc_passwd.txt"; filename*=UTF-8''etc_passwd.txt`);
    // A slash in a table's title is replaced, never where the name is cut.
    expect(contentDisposition('Giấy chứng nhận xuất xứ (C/O) - mẫu nhập liệu.xlsx')).toBe(
      `attachment; filename="Giay chung nhan xuat xu (C_O) - mau nhap lieu.xlsx"; filename*=UTF-8''Gi%E1%BA%A5y%20ch%E1%BB%A9ng%20nh%E1%BA%ADn%20xu%E1%BA%A5t%20x%E1%BB%A9%20%28C_O%29%20-%20m%E1%BA%ABu%20nh%E1%BA%ADp%20li%E1%BB%87u.xlsx`);
    expect(contentDisposition('')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });

  it('makes sheet names Excel accepts, unique in their workbook', () => {
    expect(sheetName('1-104/2026:[A]*?\\x')).toBe('1-104-2026--A----x');
    expect(sheetName("'quoted'")).toBe('quoted');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName('Tờ khai', ['tờ khai'])).toBe('Tờ khai (2)');
    expect(sheetName('', [])).toBe('Sheet');
  });

  it('writes formula-like text as Text-formatted string cells, as typed, headers included', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(sheetName('=Sheet'));
    sheet.addRow(['=HYPERLINK("http://x","y")', '+1', 'Vải', 12]);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load((await workbookBytes(workbook)) as unknown as ArrayBuffer);
    const row = read.worksheets[0]!.getRow(1);
    expect(row.getCell(1).value).toBe('=HYPERLINK("http://x","y")');
    expect(row.getCell(1).numFmt).toBe('@');
    expect(row.getCell(2).numFmt).toBe('@');
    expect(row.getCell(3).numFmt).toBeUndefined();
    expect(row.getCell(4).value).toBe(12);
  });
});
