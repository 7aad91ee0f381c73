/** Writing workbooks: what every file the server writes (table exports, reports, dossiers, refused rows) shares. */
import type { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';

/**
 * A cell value that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
 * return before one) is written with a leading apostrophe, so it stays text.
 */
export const neutralised = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A workbook written as a stream into `output`. exceljs is loaded on the first file written: it would
 * otherwise add 30 MB to every server, most of which never writes one.
 */
export async function workbookWriter(output: PassThrough): Promise<ExcelJS.stream.xlsx.WorkbookWriter> {
  const { default: excel } = await import('exceljs');
  return new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
}
