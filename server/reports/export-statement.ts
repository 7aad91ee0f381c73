import type ExcelJS from 'exceljs';
import type { Locale } from '../../common/i18n/locales.js';
import { catalogTexts } from '../i18n.js';
import { formatNumberColumns, sheetName, workbookBytes, wrapColumns } from '../spreadsheets/write.js';
import type { Form16Row, Statement15aRow, Statement15Row, TariffCheckRow } from '../../common/statements/schemas.js';
import { formColumns, quantityColumns, tt39Caption } from '../../common/statements/templates.js';
import type { CheckStatement, Period, Statement } from './compute-statements.js';
import type { TariffCheck } from './tariff-check.js';

/** The filer on the form's header. */
export interface Filer { name: string; taxCode: string | null; address: string | null }

/**
 * One official layout: its form number, title, column captions with their numbers as printed, and the
 * signatures below. The captions are the Circular's Vietnamese wording, whatever the reader's language:
 * this is the document filed with customs.
 */
interface Layout<R> {
  form: string;
  title: string;
  groupCaption: string;
  /** Columns (5)…: the statement field, the caption, and whether it sits under the "issued in the period" group. */
  quantities: Array<{ field: keyof R & string; caption: string; issued: boolean }>;
  codeCaption: string;
  nameCaption: string;
}

/** The code, name and quantity columns of Form 15 or 15a with their captions; `issued` sit under the group caption. */
function tt39Columns<R>(form: '15' | '15a', issued: readonly string[]): Pick<Layout<R>, 'codeCaption' | 'nameCaption' | 'quantities'> {
  return {
    codeCaption: tt39Caption(form, 'code'),
    nameCaption: tt39Caption(form, 'name'),
    quantities: quantityColumns[form].map((field) => ({ field: field as keyof R & string, caption: tt39Caption(form, field), issued: issued.includes(field) })),
  };
}

const tt39Form15: Layout<Statement15Row> = {
  form: 'Mẫu số 15/BCQT-NVL/GSQL',
  title: 'BÁO CÁO QUYẾT TOÁN NHẬP - XUẤT - TỒN KHO NGUYÊN LIỆU, VẬT TƯ NHẬP KHẨU',
  groupCaption: 'Lượng xuất trong kỳ',
  ...tt39Columns<Statement15Row>('15', ['re_export', 're_purpose', 'export_to_produce', 'other_export']),
};

const tt39Form15a: Layout<Statement15aRow> = {
  form: 'Mẫu số 15a/BCQT-SP/GSQL',
  title: 'BÁO CÁO QUYẾT TOÁN NHẬP - XUẤT - TỒN KHO THÀNH PHẨM ĐƯỢC SẢN XUẤT TỪ NGUỒN NHẬP KHẨU',
  groupCaption: 'Lượng xuất kho trong kỳ',
  ...tt39Columns<Statement15aRow>('15a', ['re_purpose', 'exportt', 'other_export']),
};

export const dayMonthYear = (iso: string) => iso.split('-').reverse().join('/');
export const regimeNames: Record<string, string> = { SXXK: 'Sản xuất xuất khẩu (SXXK)', GC: 'Gia công (GC)', DNCX: 'Doanh nghiệp chế xuất (DNCX)' };

async function newWorkbook(): Promise<ExcelJS.Workbook> {
  // exceljs loads on the first file written, as for table exports.
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}

const thin: Partial<ExcelJS.Borders> = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };

function writeForm<R extends { code: string; name: string | null; unit: string | null; note: string | null }>(
  workbook: ExcelJS.Workbook, layout: Layout<R>, statement: Statement<R>, period: Period, filer: Filer,
): void {
  const sheet = workbook.addWorksheet(sheetName(layout.form.replace('Mẫu số ', '')), {
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const width = 4 + layout.quantities.length + 1;
  const merged = (row: number, text: string, options: Partial<ExcelJS.Style> = {}) => {
    sheet.mergeCells(row, 1, row, width);
    const cell = sheet.getCell(row, 1);
    cell.value = text;
    Object.assign(cell, options);
  };
  sheet.getCell(1, 1).value = `Tên tổ chức, cá nhân: ${filer.name}`;
  sheet.getCell(1, width).value = layout.form;
  sheet.getCell(1, width).alignment = { horizontal: 'right' };
  sheet.getCell(2, 1).value = `Mã số thuế: ${filer.taxCode ?? ''}`;
  sheet.getCell(3, 1).value = `Địa chỉ: ${filer.address ?? ''}`;
  merged(5, layout.title, { font: { bold: true, size: 13 }, alignment: { horizontal: 'center' } });
  merged(6, `Kỳ báo cáo: từ ngày ${dayMonthYear(period.dateStart)} đến ngày ${dayMonthYear(period.dateEnd)}`, { alignment: { horizontal: 'center' } });
  merged(7, `Loại hình: ${regimeNames[period.regime] ?? period.regime}`, { alignment: { horizontal: 'center' } });

  // Two caption rows (the issued columns under their group), then the printed column numbers.
  const top = 9;
  const captions = [tt39Caption('15', 'stt'), layout.codeCaption, layout.nameCaption, tt39Caption('15', 'unit'), ...layout.quantities.map((q) => q.caption), tt39Caption('15', 'note')];
  captions.forEach((caption, index) => {
    const column = index + 1;
    const issued = index >= 4 && layout.quantities[index - 4]?.issued;
    if (issued) {
      sheet.getCell(top + 1, column).value = caption;
    } else {
      sheet.mergeCells(top, column, top + 1, column);
      sheet.getCell(top, column).value = caption;
    }
    sheet.getCell(top + 2, column).value = `(${column})`;
  });
  const issuedColumns = layout.quantities.flatMap((q, index) => (q.issued ? [index + 5] : []));
  sheet.mergeCells(top, Math.min(...issuedColumns), top, Math.max(...issuedColumns));
  sheet.getCell(top, Math.min(...issuedColumns)).value = layout.groupCaption;
  for (let row = top; row <= top + 2; row += 1) {
    for (let column = 1; column <= width; column += 1) {
      const cell = sheet.getCell(row, column);
      cell.font = { bold: row < top + 2 };
      cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
      cell.border = thin;
    }
  }
  sheet.getRow(top + 1).height = 48;

  const body = statement.rows.map((row, index) => {
    const values = [index + 1, row.code, row.name ?? '', row.unit ?? '',
      ...layout.quantities.map((q) => Number(row[q.field] as string)), row.note ?? ''];
    const added = sheet.addRow(values);
    added.eachCell({ includeEmpty: true }, (cell) => { cell.border = thin; });
    return added;
  });
  formatNumberColumns(body, layout.quantities.map((_, index) => index + 5), { negativeInRed: true });
  // A material's name runs to a hundred characters: on the printed form it wraps in its column instead of being cut.
  wrapColumns(body, [2, 3, width]);
  const footer = top + 3 + statement.rows.length + 2;
  sheet.getCell(footer, width - 2).value = '…, ngày … tháng … năm …';
  sheet.getCell(footer + 1, 2).value = 'Người lập';
  sheet.getCell(footer + 2, 2).value = '(Ký, ghi rõ họ tên)';
  sheet.getCell(footer + 1, width - 2).value = 'Người đại diện theo pháp luật của tổ chức, cá nhân';
  sheet.getCell(footer + 2, width - 2).value = '(Ký, đóng dấu, ghi rõ họ tên)';
  for (const cell of [sheet.getCell(footer + 1, 2), sheet.getCell(footer + 1, width - 2)]) cell.font = { bold: true };

  sheet.getColumn(1).width = 6;
  sheet.getColumn(2).width = 18;
  sheet.getColumn(3).width = 36;
  sheet.getColumn(4).width = 10;
  for (let column = 5; column < width; column += 1) sheet.getColumn(column).width = 16;
  sheet.getColumn(width).width = 24;
}

export async function statement15Workbook(statement: Statement<Statement15Row>, period: Period, filer: Filer): Promise<Buffer> {
  const workbook = await newWorkbook();
  writeForm(workbook, tt39Form15, statement, period, filer);
  return workbookBytes(workbook);
}

export async function statement15aWorkbook(statement: Statement<Statement15aRow>, period: Period, filer: Filer): Promise<Buffer> {
  const workbook = await newWorkbook();
  writeForm(workbook, tt39Form15a, statement, period, filer);
  return workbookBytes(workbook);
}

const checkColumns = [
  'code', 'name', 'unit', 'issued_to_production', 'theoretical_consumption', 'difference', 'book_end', 'counted', 'count_difference',
  'warehouse_end', 'accounting_end', 'duty_exposure', 'status', 'explanation',
] as const;
const numericCheckColumns = new Set(['issued_to_production', 'theoretical_consumption', 'difference', 'book_end', 'counted', 'count_difference', 'warehouse_end', 'accounting_end', 'duty_exposure']);

/** The check statement as a working sheet in the reader's language (it is not filed). */
export async function checkStatementWorkbook(check: CheckStatement, period: Period, filer: Filer, locale: Locale): Promise<Buffer> {
  const catalog = catalogTexts[locale];
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(sheetName(catalog['statements.check.title'] ?? 'Check statement'), { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.getCell(1, 1).value = `${filer.name} — ${period.name} (${dayMonthYear(period.dateStart)} – ${dayMonthYear(period.dateEnd)})`;
  sheet.getCell(1, 1).font = { bold: true };
  const header = sheet.getRow(3);
  checkColumns.forEach((column, index) => {
    header.getCell(index + 1).value = catalog[`statements.check.columns.${column}`] ?? column;
    sheet.getColumn(index + 1).width = column === 'name' || column === 'explanation' ? 32 : 16;
  });
  header.font = { bold: true };
  const body = check.rows.map((row) => sheet.addRow(checkColumns.map((column) => {
    const value = row[column];
    if (value === null) return null;
    if (numericCheckColumns.has(column)) return Number(value);
    return column === 'status' ? catalog[`statements.check.status.${value}`] ?? value : String(value);
  })));
  formatNumberColumns(body, checkColumns.flatMap((column, index) => (numericCheckColumns.has(column) ? [index + 1] : [])), { negativeInRed: true });
  return workbookBytes(workbook);
}

/** Form 16/ĐMTT/GSQL of Circular 39/2018: the actual norms of the exported products, in Vietnamese as filed. */
export async function form16Workbook(rows: Form16Row[], period: Period, filer: Filer): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('16-DMTT-GSQL', { pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  const captions = formColumns['16'].map((column) => column.caption);
  const width = captions.length;
  sheet.getCell(1, 1).value = `Tên tổ chức, cá nhân: ${filer.name}`;
  sheet.getCell(1, width).value = 'Mẫu số 16/ĐMTT/GSQL';
  sheet.getCell(1, width).alignment = { horizontal: 'right' };
  sheet.getCell(2, 1).value = `Mã số thuế: ${filer.taxCode ?? ''}`;
  sheet.getCell(3, 1).value = `Địa chỉ: ${filer.address ?? ''}`;
  sheet.mergeCells(5, 1, 5, width);
  sheet.getCell(5, 1).value = 'BÁO CÁO ĐỊNH MỨC THỰC TẾ SẢN PHẨM XUẤT KHẨU ĐÃ SẢN XUẤT';
  sheet.getCell(5, 1).font = { bold: true, size: 13 };
  sheet.getCell(5, 1).alignment = { horizontal: 'center' };
  sheet.mergeCells(6, 1, 6, width);
  sheet.getCell(6, 1).value = `Kỳ báo cáo: từ ngày ${dayMonthYear(period.dateStart)} đến ngày ${dayMonthYear(period.dateEnd)}`;
  sheet.getCell(6, 1).alignment = { horizontal: 'center' };
  const top = 8;
  captions.forEach((caption, index) => {
    for (const [row, value] of [[top, caption], [top + 1, `(${index + 1})`]] as const) {
      const cell = sheet.getCell(row, index + 1);
      cell.value = value;
      cell.font = { bold: row === top };
      cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
      cell.border = thin;
    }
  });
  const body = rows.map((row, index) => {
    const added = sheet.addRow([index + 1, row.product_code, row.product_name ?? '', row.product_unit ?? '',
      row.material_code, row.material_name ?? '', row.material_unit ?? '', row.actual_norm === null ? null : Number(row.actual_norm), row.note ?? '']);
    added.eachCell({ includeEmpty: true }, (cell) => { cell.border = thin; });
    return added;
  });
  formatNumberColumns(body, [8]);
  wrapColumns(body, [2, 3, 5, 6, 9]);
  [6, 16, 32, 10, 16, 32, 10, 16, 14].forEach((columnWidth, index) => { sheet.getColumn(index + 1).width = columnWidth; });
  return workbookBytes(workbook);
}

const tariffCheckColumns = [
  'account_number', 'row_number', 'registered_date', 'type_code', 'code', 'item_name', 'hs', 'from_country', 'co_form', 'exemption_code', 'tariff_year',
  'problem', 'declared_rate', 'expected_rate', 'schedules', 'total_value', 'value_source', 'duty_at_risk',
] as const satisfies ReadonlyArray<keyof TariffCheckRow>;
const numericTariffCheckColumns = new Set<string>(['row_number', 'tariff_year', 'declared_rate', 'expected_rate', 'total_value', 'duty_at_risk']);

/** The declarations-against-tariff check in the reader's language: one row per line that disagrees, with its reason. */
export async function tariffCheckWorkbook(check: TariffCheck, period: Period, filer: Filer, locale: Locale): Promise<Buffer> {
  const catalog = catalogTexts[locale];
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(sheetName(catalog['statements.tabs.tariff-check'] ?? 'Tariff check'), { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.getCell(1, 1).value = `${filer.name} — ${period.name} (${dayMonthYear(period.dateStart)} – ${dayMonthYear(period.dateEnd)})`;
  sheet.getCell(1, 1).font = { bold: true };
  const header = sheet.getRow(3);
  tariffCheckColumns.forEach((column, index) => {
    header.getCell(index + 1).value = catalog[`statements.tariffCheck.columns.${column}`] ?? column;
    sheet.getColumn(index + 1).width = column === 'item_name' ? 32 : 14;
  });
  header.font = { bold: true };
  const body = check.rows.map((row) => sheet.addRow(tariffCheckColumns.map((column) => {
    const value = row[column];
    if (value === null) return null;
    if (column === 'schedules') return (value as string[]).join(', ');
    if (column === 'registered_date') return dayMonthYear(String(value));
    if (numericTariffCheckColumns.has(column)) return Number(value);
    if (column === 'value_source') return catalog[`statements.values.source.${String(value)}`] ?? value;
    return column === 'problem' ? catalog[`statements.tariffCheck.problems.${String(value)}`] ?? value : String(value);
  })));
  // Rates and amounts; a line number and a year are not quantities to group by thousands.
  formatNumberColumns(body, tariffCheckColumns.flatMap((column, index) => (['declared_rate', 'expected_rate', 'total_value', 'duty_at_risk'].includes(column) ? [index + 1] : [])));
  return workbookBytes(workbook);
}
