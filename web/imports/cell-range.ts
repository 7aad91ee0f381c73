import { columnLetters, columnNumber, parseCell } from '../../common/imports/cells.js';

/** Spreadsheet addresses as the header step reads them: rows are 1-based numbers and columns letters. */

export { columnLetters, columnNumber };

export interface CellRef {
  row: number;
  column: string;
}

/** 'a1' → {row: 1, column: 'A'}, ' ab12 ' → {row: 12, column: 'AB'}; a bare column or row, row 0 or anything else is null. */
export function parseCellRef(text: string): CellRef | null {
  const cell = parseCell(text);
  return cell?.column && cell.row ? { row: cell.row, column: cell.column } : null;
}

export const cellText = (ref: CellRef) => `${ref.column}${ref.row}`;

/** What the server's header call receives: header rows `header_from`–`header_to`, columns `colStart`–`colEnd`. */
export interface HeaderRange {
  headerFrom: number;
  headerTo: number;
  colStart: string;
  colEnd: string;
}

/** Why a Start/End pair is not a header range, as an `imports.header.problem.<key>` message. */
export type RangeProblem = 'start' | 'end' | 'rowOrder' | 'columnOrder' | 'tooManyRows';

/** A header holds a few rows (ECUS merges 2–3); the server flattens at most five. */
export const maxHeaderRows = 5;

/** 'A1' and 'M2' → header rows 1–2 over columns A–M. */
export function headerRange(start: string, end: string): { ok: true; range: HeaderRange } | { ok: false; problem: RangeProblem } {
  const from = parseCellRef(start);
  if (!from) return { ok: false, problem: 'start' };
  const to = parseCellRef(end);
  if (!to) return { ok: false, problem: 'end' };
  if (to.row < from.row) return { ok: false, problem: 'rowOrder' };
  if (columnNumber(to.column) < columnNumber(from.column)) return { ok: false, problem: 'columnOrder' };
  if (to.row - from.row + 1 > maxHeaderRows) return { ok: false, problem: 'tooManyRows' };
  return { ok: true, range: { headerFrom: from.row, headerTo: to.row, colStart: from.column, colEnd: to.column } };
}

export const sameRange = (a: HeaderRange | null, b: HeaderRange | null) =>
  a !== null && b !== null && a.headerFrom === b.headerFrom && a.headerTo === b.headerTo && a.colStart === b.colStart && a.colEnd === b.colEnd;

/** Whether a cell lies inside the header range (the preview highlights it). */
export const inRange = (range: HeaderRange | null, row: number, column: string) =>
  range !== null && row >= range.headerFrom && row <= range.headerTo
  && columnNumber(column) >= columnNumber(range.colStart) && columnNumber(column) <= columnNumber(range.colEnd);

/** Every column letter from `from` to `to`. */
export function columnsBetween(from: string, to: string): string[] {
  const columns: string[] = [];
  for (let number = columnNumber(from); number <= columnNumber(to); number += 1) columns.push(columnLetters(number));
  return columns;
}

/** A clicked preview row starts the header; a shift-click extends it down to (or up from) that row. Columns are kept. */
export function clickRange(current: HeaderRange | null, row: number, extend: boolean, columns: { first: string; last: string }): HeaderRange {
  const colStart = current?.colStart ?? columns.first;
  const colEnd = current?.colEnd ?? columns.last;
  if (!extend || current === null) return { headerFrom: row, headerTo: row, colStart, colEnd };
  const anchor = current.headerFrom;
  const [headerFrom, headerTo] = row >= anchor ? [anchor, row] : [row, current.headerTo];
  return { headerFrom, headerTo: Math.min(headerTo, headerFrom + maxHeaderRows - 1), colStart, colEnd };
}

/** A previewed row: its number and its cells' displayed text by column letter. */
export interface PreviewRow {
  row: number;
  cells: Record<string, string>;
}

const looksLikeData = (text: string) =>
  /^[-+(]?[\d\s.,]*\d[\d\s.,]*%?\)?$/.test(text) || /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}/.test(text);

const filledCells = (row: PreviewRow, columns: readonly string[]) =>
  columns.filter((column) => (row.cells[column] ?? '').trim() !== '');

/**
 * A first guess of the header rows among the previewed ones, which the user then corrects: the first
 * row filled at least half as wide as the widest row, holding only words (data rows carry numbers and
 * dates). Following rows of words with gaps are taken with it, as the lower rows of a merged header
 * (ECUS: 'Hàng hóa' over 'Mã hàng', 'Lượng', 'Đơn vị tính'), up to three rows.
 */
export function guessHeaderRange(rows: readonly PreviewRow[], columns: readonly string[]): HeaderRange | null {
  if (rows.length === 0 || columns.length === 0) return null;
  const widest = Math.max(...rows.map((row) => filledCells(row, columns).length));
  if (widest === 0) return null;
  const isWords = (row: PreviewRow) => {
    const filled = filledCells(row, columns);
    return filled.length > 0 && filled.every((column) => !looksLikeData((row.cells[column] ?? '').trim()));
  };
  const startIndex = rows.findIndex((row) => filledCells(row, columns).length >= Math.max(1, Math.ceil(widest / 2)) && isWords(row));
  const first = rows[Math.max(startIndex, 0)];
  if (!first) return null;
  let lastIndex = Math.max(startIndex, 0);
  while (startIndex >= 0 && lastIndex - startIndex < 2) {
    const next = rows[lastIndex + 1];
    if (!next || next.row !== (rows[lastIndex]?.row ?? 0) + 1 || !isWords(next) || filledCells(next, columns).length >= widest) break;
    lastIndex += 1;
  }
  const headerRows = rows.slice(Math.max(startIndex, 0), lastIndex + 1);
  const used = columns.filter((column) => headerRows.some((row) => (row.cells[column] ?? '').trim() !== ''));
  const lastUsed = columns.filter((column) => rows.some((row) => (row.cells[column] ?? '').trim() !== '')).at(-1) ?? used.at(-1);
  return {
    headerFrom: first.row,
    headerTo: rows[lastIndex]?.row ?? first.row,
    colStart: used[0] ?? columns[0] ?? 'A',
    colEnd: lastUsed ?? columns.at(-1) ?? 'A',
  };
}
