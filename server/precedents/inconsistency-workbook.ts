import { formatCode } from '../../common/hs/code.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { Inconsistency } from '../../common/precedents/schemas.js';
import { catalogTexts } from '../i18n.js';
import { formatNumberColumns, sheetName, workbookBytes, wrapColumns } from '../spreadsheets/write.js';

const columns = ['kind', 'code', 'item_names', 'hs', 'lines', 'last_date'] as const;
const dayMonthYear = (iso: string) => iso.split('-').reverse().join('/');

/** The consistency report as a workbook: one row per HS code of each inconsistent item code or name, headers in the reader's language. */
export async function inconsistencyWorkbook(rows: readonly Inconsistency[], company: string, locale: Locale): Promise<Buffer> {
  const catalog = catalogTexts[locale];
  const text = (key: string) => catalog[key] ?? catalogTexts.en[key] ?? key;
  // exceljs is loaded on the first workbook written, as every writer does (server/spreadsheets/write.ts).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(sheetName(text('precedents.consistency.title')), { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.getCell(1, 1).value = `${company} — ${text('precedents.consistency.title')}`;
  sheet.getCell(1, 1).font = { bold: true };
  const header = sheet.getRow(3);
  columns.forEach((column, index) => {
    header.getCell(index + 1).value = text(`precedents.consistency.columns.${column}`);
    sheet.getColumn(index + 1).width = column === 'item_names' ? 48 : 16;
  });
  header.font = { bold: true };
  const body = rows.flatMap((row) => row.hs_codes.map((hs) => sheet.addRow([
    text(`precedents.consistency.kinds.${row.kind}`), row.codes.join(', '), row.item_names.join('\n'), formatCode(hs.hs), hs.lines, dayMonthYear(hs.last_date),
  ])));
  formatNumberColumns(body, [columns.indexOf('lines') + 1]);
  wrapColumns(body, [columns.indexOf('item_names') + 1]);
  return workbookBytes(workbook);
}
