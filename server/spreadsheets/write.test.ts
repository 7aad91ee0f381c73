import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName } from '../http/downloads.js';
import { formatNumberColumns, sheetName, workbookBytes, wrapColumns } from './write.js';

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

  it('names a download in the reader\'s language, without characters a file system refuses', () => {
    expect(downloadName('vi', 'statements.tabs.statement-15', ['2025'], 'xlsx')).toBe('Mẫu 15 (nguyên liệu) - 2025.xlsx');
    expect(downloadName('en', 'statements.tabs.statement-15', ['2025'], 'xlsx')).toBe('Statement 15 (materials) - 2025.xlsx');
    expect(downloadName('ko', 'resources.ecus', [''], 'xlsx')).toBe('수출입 신고.xlsx');
    // C/O's slash would cut the name at it.
    expect(downloadName('vi', 'coReports.title', ['2025'], 'xlsx')).toBe('Tận dụng C-O - 2025.xlsx');
    expect(contentDisposition(downloadName('vi', 'coReports.title', ['2025'], 'xlsx'))).toBe(`attachment; filename="Tan dung C-O - 2025.xlsx"; filename*=UTF-8''T%E1%BA%ADn%20d%E1%BB%A5ng%20C-O%20-%202025.xlsx`);
  });

  it('gives each number column of a table one format and wraps long texts, in the workbook written', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet');
    const rows = [sheet.addRow(['M1', 'Vải chính 100% cotton khổ 1,5 m dệt thoi nhuộm màu xanh đậm', 235, -4]), sheet.addRow(['M2', 'Dây kéo', 147.704, 'x'])];
    formatNumberColumns(rows, [3, 4], { negativeInRed: true });
    wrapColumns(rows, [2]);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load((await workbookBytes(workbook)) as unknown as ArrayBuffer);
    const [first, second] = [read.worksheets[0]!.getRow(1), read.worksheets[0]!.getRow(2)];
    expect([first.getCell(3).numFmt, second.getCell(3).numFmt]).toEqual(['#,##0.000;[Red]-#,##0.000', '#,##0.000;[Red]-#,##0.000']);
    expect([first.getCell(4).numFmt, second.getCell(4).numFmt]).toEqual(['#,##0;[Red]-#,##0', undefined]);
    expect([first.getCell(2).alignment, second.getCell(2).alignment]).toEqual([{ wrapText: true, vertical: 'top' }, { wrapText: true, vertical: 'top' }]);
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
