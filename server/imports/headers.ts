import { columnLetters, columnNumber, flattenHeader, parseCell, parseColumnRange } from '../../common/imports/cells.js';
import { cellText, type DecimalMark, parseDecimalText, type SheetRow } from '../../common/imports/coerce.js';
import { type ColumnNumberFormat, columnNumberFormats } from '../../common/imports/number-format.js';
import { AppError } from '../http/errors.js';
import { rowsInChild } from './reader.js';
import { outlineRows, type Upload } from './uploads.js';

const invalid = (field: string, message: string) => new AppError('validation_error', 'Data has invalid format.', { fields: { [field]: [message] } });

export interface HeaderRequest {
  sheet_name: string;
  header_from: number;
  header_to?: number | undefined;
  colStart?: string | undefined;
  colEnd?: string | undefined;
  use_cols?: string | undefined;
}

/** Rows of a sheet between two row numbers: from the outline read at upload when it holds them, else from the file. */
export async function sheetRows(upload: Upload, sheet: string, from: number, to: number): Promise<SheetRow[]> {
  const outlined = upload.outline.sheets.find((candidate) => candidate.name === sheet);
  if (!outlined) throw invalid('sheet_name', `The workbook has no sheet named ${sheet}.`);
  const lastOutlined = outlined.rows.at(-1)?.row ?? 0;
  if (to <= lastOutlined || outlined.rows.length < outlineRows) return outlined.rows.filter((row) => row.row >= from && row.row <= to);
  const rows: SheetRow[] = [];
  for await (const batch of rowsInChild({ file: upload.path, format: upload.format, sheet, fromRow: from, owner: upload.userId, batchSize: 500 })) {
    rows.push(...batch.filter((row) => row.row <= to));
    if ((batch.at(-1)?.row ?? 0) >= to) break;
  }
  return rows;
}

/** The header's columns as [first, last] numbers: `use_cols` wins, then colStart/colEnd, else every column used. */
function columnRange(request: HeaderRequest, rows: SheetRow[]): [number, number] {
  if (request.use_cols) {
    const range = parseColumnRange(request.use_cols);
    if (!range) throw invalid('use_cols', 'Write the columns as A:M.');
    return [columnNumber(range[0]), columnNumber(range[1])];
  }
  const start = request.colStart ? parseCell(request.colStart)?.column : 'A';
  const width = Math.max(1, ...rows.map((row) => row.cells.length));
  const end = request.colEnd ? parseCell(request.colEnd)?.column : columnLetters(width);
  if (!start) throw invalid('colStart', 'Write a column such as A or a cell such as A1.');
  if (!end) throw invalid('colEnd', 'Write a column such as M or a cell such as M2.');
  if (columnNumber(start) > columnNumber(end)) throw invalid('colEnd', 'The last column comes before the first.');
  return [columnNumber(start), columnNumber(end)];
}

/**
 * The header of a sheet as column letter → name, flattened from up to five header rows. Columns whose
 * header is empty are left out.
 */
export async function readHeaders(upload: Upload, request: HeaderRequest): Promise<Record<string, string>> {
  const to = request.header_to ?? request.header_from;
  if (request.header_from < 1) throw invalid('header_from', 'Rows count from 1.');
  if (to < request.header_from || to - request.header_from > 4) throw invalid('header_to', 'A header has one to five rows, ending at or after its first.');
  const rows = await sheetRows(upload, request.sheet_name, request.header_from, to);
  const [first, last] = columnRange(request, rows);
  const grid = Array.from({ length: to - request.header_from + 1 }, (_, offset) => {
    const row = rows.find((candidate) => candidate.row === request.header_from + offset);
    return Array.from({ length: last - first + 1 }, (_, index) => cellText(row?.cells[first - 1 + index] ?? null));
  });
  const names = flattenHeader(grid, last - first + 1);
  const headers: Record<string, string> = {};
  names.forEach((name, index) => { if (name) headers[columnLetters(first + index)] = name; });
  if (Object.keys(headers).length === 0) throw invalid('header_from', 'The chosen rows hold no header text.');
  return headers;
}

/** A column's number format with a few of its text cells as they will be read ('100.000' → '100000'). */
export interface ColumnReading extends ColumnNumberFormat {
  examples: Array<{ text: string; value: string | null }>;
}

/**
 * How the numeric columns of a sheet write their numbers, decided from the rows below its header that the upload's
 * outline holds (its first 200), the same rows an import decides them from; with a few cells of each read that way,
 * and the columns only the user can decide (`undecided`).
 */
export function numberFormatsOfSheet(upload: Upload, sheet: string, headerTo: number, columns: readonly number[], chosen?: DecimalMark | null): {
  columns: Map<number, ColumnReading>; undecided: number[];
} {
  const rows = upload.outline.sheets.find((candidate) => candidate.name === sheet)?.rows.filter((row) => row.row > headerTo) ?? [];
  const { formats, undecided } = columnNumberFormats(rows, columns, chosen);
  const readings = new Map<number, ColumnReading>();
  for (const [column, format] of formats) {
    const texts = rows.map((row) => row.cells[column - 1]).filter((cell): cell is string => typeof cell === 'string' && /\d[.,]\d/.test(cell)).map((cell) => cell.trim());
    const examples = [...new Set(texts)].slice(0, 3).map((text) => ({ text, value: format.mark ? parseDecimalText(text, format.mark) : null }));
    readings.set(column, { ...format, examples });
  }
  return { columns: readings, undecided };
}
