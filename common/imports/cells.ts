import { fold } from '../text/fold.js';

/** Spreadsheet addressing and header text: shared by the import wizard and the server's readers. */

/** 'A' → 1, 'Z' → 26, 'AA' → 27. */
export function columnNumber(letters: string): number {
  let number = 0;
  for (const char of letters.toUpperCase()) number = number * 26 + (char.charCodeAt(0) - 64);
  return number;
}

/** 1 → 'A', 27 → 'AA'. */
export function columnLetters(number: number): string {
  let letters = '';
  for (let rest = number; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

export const isColumn = (text: string) => /^[A-Z]{1,3}$/.test(text) && columnNumber(text) <= 16_384;

/** 'b12' → { column: 'B', row: 12 }; a bare column or row is allowed ('C', '4'); anything else is null. */
export function parseCell(text: string): { column?: string; row?: number } | null {
  const match = /^([A-Z]{0,3})(\d{0,7})$/.exec(text.trim().toUpperCase());
  if (!match || (!match[1] && !match[2])) return null;
  if (match[1] && !isColumn(match[1])) return null;
  const row = match[2] ? Number(match[2]) : undefined;
  if (row === 0) return null;
  return { ...(match[1] ? { column: match[1] } : {}), ...(row ? { row } : {}) };
}

/** 'A:M' → ['A', 'M']. */
export function parseColumnRange(text: string): [string, string] | null {
  const [from, to] = text.trim().toUpperCase().split(':');
  return from && to && isColumn(from) && isColumn(to) && columnNumber(from) <= columnNumber(to) ? [from, to] : null;
}

/**
 * The name an unmapped column keeps as an extra field: accents removed, lower case, punctuation and
 * spaces stripped ('Số hợp đồng (HĐ)' → 'sohopdonghd').
 */
export const extraFieldName = (header: string) => fold(header).replace(/[^\p{L}\p{N}]/gu, '');

/** Header text compared loosely: accents and case folded, punctuation and spaces collapsed. */
export const headerKey = (header: string) => fold(header).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * One name per column from header rows that may be merged over 2–3 rows (the readers see a merged
 * cell's text only in its first cell). An empty cell of an upper row under which the next row has
 * text belongs to a group heading on its left and takes that heading; the parts of a column join
 * with a space, each once: [['Thuế', ''], ['Thuế suất', 'Tiền thuế']] → ['Thuế suất', 'Thuế Tiền thuế'].
 */
export function flattenHeader(rows: ReadonlyArray<ReadonlyArray<string | null>>, columnCount: number): string[] {
  const text = (row: number, column: number) => (rows[row]?.[column] ?? '').trim();
  const filled = rows.map((_, rowIndex) => {
    const out: string[] = [];
    let carried = '';
    for (let column = 0; column < columnCount; column += 1) {
      const value = text(rowIndex, column);
      if (value) carried = value;
      else if (rowIndex === rows.length - 1 || !text(rowIndex + 1, column)) carried = '';
      out.push(value || carried);
    }
    return out;
  });
  return Array.from({ length: columnCount }, (_, column) => {
    const parts: string[] = [];
    for (const row of filled) {
      const part = row[column] ?? '';
      if (!part) continue;
      const previous = parts.at(-1);
      if (previous && part.startsWith(previous)) parts[parts.length - 1] = part;
      else if (!parts.includes(part)) parts.push(part);
    }
    return parts.join(' ');
  });
}
