/** Writing workbooks: what every file the server writes (table exports, reports, dossiers, refused rows) shares. */
import type { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { columnFormat } from '../resources/number-format.js';

const formulaLike = /^[=+\-@\t\r]/;

/**
 * Every text cell that a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * first) gets the Text number format (`@`): it shows exactly as written, with no apostrophe in the data, and
 * neither opening nor editing the cell runs it. Text is always written as a string cell, never as a formula.
 * Every row a writer adds passes here, headers included.
 */
export function guardRow<T extends ExcelJS.Row>(row: T): T {
  row.eachCell((cell) => {
    if (typeof cell.value === 'string' && formulaLike.test(cell.value)) cell.numFmt = '@';
  });
  return row;
}

/**
 * One number format per column of a table's rows (body and totals), by the column's largest scale, so that its
 * figures line up; cells that hold no number keep theirs.
 */
export function formatNumberColumns(rows: readonly ExcelJS.Row[], columns: Iterable<number>, options: { negativeInRed?: boolean; minimumDecimals?: number } = {}): void {
  for (const column of columns) {
    const cells = rows.map((row) => row.getCell(column)).filter((cell) => typeof cell.value === 'number');
    const format = columnFormat(cells.map((cell) => cell.value as number), options.negativeInRed, options.minimumDecimals);
    for (const cell of cells) cell.numFmt = format;
  }
}

/** Long texts (a material's name, a note) wrap within their column, top-aligned, as a printed form shows them. */
export function wrapColumns(rows: readonly ExcelJS.Row[], columns: Iterable<number>): void {
  for (const column of columns) {
    for (const row of rows) {
      const cell = row.getCell(column);
      cell.alignment = { ...cell.alignment, wrapText: true, vertical: 'top' };
    }
  }
}

/** An in-memory workbook's bytes, every row guarded first. */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  workbook.eachSheet((sheet) => sheet.eachRow((row) => { guardRow(row); }));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A worksheet's name from user data or a catalog: Excel refuses `[ ] : * ? / \`, a leading or trailing
 * apostrophe and more than 31 characters, and a workbook's names must differ (case-insensitively).
 */
export function sheetName(wanted: string, taken: Iterable<string> = []): string {
  const base = [...wanted.replace(/[[\]:*?/\\]/g, '-')].filter((char) => char.charCodeAt(0) > 0x1f).join('').replace(/^'+|'+$/g, '').trim() || 'Sheet';
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = `${base.slice(0, 31 - suffix.length)}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * A workbook written as a stream into `output`. exceljs is loaded on the first file written: it would
 * otherwise add 30 MB to every server, most of which never writes one.
 */
export async function workbookWriter(output: PassThrough): Promise<ExcelJS.stream.xlsx.WorkbookWriter> {
  const { default: excel } = await import('exceljs');
  return new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
}
