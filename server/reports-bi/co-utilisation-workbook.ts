import { agreements, isAgreementCode } from '../../common/agreements.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { CoUtilisation } from '../../common/reports/schemas.js';
import { catalogTexts } from '../i18n.js';
import { sheetName, workbookBytes } from '../spreadsheets/write.js';

const amounts = ['with_co_value', 'without_co_value', 'value', 'saving'] as const;

/** C/O utilisation in the reader's language: one sheet per view (agreement, supplier, material) with a total row. */
export async function coUtilisationWorkbook(views: CoUtilisation[], heading: string, locale: Locale): Promise<Buffer> {
  const catalog = catalogTexts[locale];
  const text = (key: string) => catalog[`coReports.${key}`] ?? key;
  // exceljs loads on the first file written, as for the other reports.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  for (const utilisation of views) {
    const sheet = workbook.addWorksheet(sheetName(text(`views.${utilisation.view}`)), { views: [{ state: 'frozen', ySplit: 3 }] });
    sheet.getCell(1, 1).value = heading;
    sheet.getCell(1, 1).font = { bold: true };
    const keyColumns = utilisation.view === 'agreement' ? ['agreement'] : utilisation.view === 'supplier' ? ['supplier', 'country'] : ['code', 'name'];
    const header = sheet.getRow(3);
    [...keyColumns, 'lines', ...amounts].forEach((column, index) => {
      header.getCell(index + 1).value = text(`columns.${column}`);
      sheet.getColumn(index + 1).width = index < keyColumns.length ? 28 : 18;
    });
    header.font = { bold: true };
    const keyCells = (key: string | null, label: string | null) => {
      if (utilisation.view === 'agreement') return [key === null ? text('noAgreement') : isAgreementCode(key) ? agreements[key].name : key];
      return [key === null ? '' : key, label === null ? '' : label];
    };
    for (const row of utilisation.rows) sheet.addRow([...keyCells(row.key, row.label), row.lines, ...amounts.map((column) => Number(row[column]))]);
    const total = sheet.addRow([text('total'), ...keyColumns.slice(1).map(() => ''), utilisation.totals.lines, ...amounts.map((column) => Number(utilisation.totals[column]))]);
    total.font = { bold: true };
    for (let column = keyColumns.length + 2; column <= keyColumns.length + 1 + amounts.length; column += 1) sheet.getColumn(column).numFmt = '#,##0';
  }
  return workbookBytes(workbook);
}
