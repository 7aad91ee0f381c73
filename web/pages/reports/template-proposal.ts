import { columnNumber } from '../../../common/imports/cells.js';
import { formColumns, maxTemplateHeaderRows, type TemplateForm, type TemplatePreviewRow } from '../../../common/statements/templates.js';
import { guessHeaderRange } from '../../imports/cell-range.js';
import { matchColumns } from '../../imports/header-match.js';

/**
 * What the template screen proposes for an uploaded form, which the user then corrects: its header rows (the import
 * wizard's guess, with the row of printed column numbers under the captions), the first row of its signature block,
 * and the workbook column of each computed column (the wizard's matching against the Circular 39 captions).
 */

/** A cell of the printed column numbers under a form's captions: '(1)', '5', 'A'; or a sample row's ellipsis. */
const numberingCell = /^(\(?([0-9]{1,2}|[A-Z])\)?|…|\.{2,})$/;
const onlyNumbering = (row: TemplatePreviewRow) => Object.values(row.cells).every((text) => numberingCell.test(text.trim()));

const usedColumns = (rows: readonly TemplatePreviewRow[]) =>
  [...new Set(rows.flatMap((row) => Object.keys(row.cells)))].sort((a, b) => columnNumber(a) - columnNumber(b));

export function proposeHeader(rows: readonly TemplatePreviewRow[]): { from: number; to: number } | null {
  const guess = guessHeaderRange(rows, usedColumns(rows));
  if (!guess) return null;
  // As wide as half the header at least: a sample data row ('1', '…') is narrower.
  const width = usedColumns(rows.filter((row) => row.row >= guess.headerFrom && row.row <= guess.headerTo)).length;
  let to = guess.headerTo;
  for (;;) {
    const next = rows.find((row) => row.row === to + 1);
    if (!next || to + 1 - guess.headerFrom >= maxTemplateHeaderRows || Object.keys(next.cells).length < Math.max(2, width / 2) || !onlyNumbering(next)) break;
    to += 1;
  }
  return { from: guess.headerFrom, to };
}

/** The first row below the header holding text other than numbering: where a form's signature block starts. */
export const proposeFooter = (rows: readonly TemplatePreviewRow[], headerTo: number): number | null =>
  rows.find((row) => row.row > headerTo && !onlyNumbering(row))?.row ?? null;

/** The workbook column of each computed column whose caption (or label in the reader's language) heads one. */
export function proposeMapping(form: TemplateForm, columns: Record<string, string>, label: (key: string) => string): Record<string, string> {
  // A caption printed with its column number ('Lượng tồn đầu kỳ (5)') is compared without it.
  const headers = Object.fromEntries(Object.entries(columns).map(([letter, name]) => [letter, name.replace(/\s*\(\d{1,2}\)$/, '')]));
  const fields = formColumns[form].map((column) => ({ name: column.key, names: [column.caption, label(column.key)] }));
  return Object.fromEntries(Object.entries(matchColumns(headers, fields)).map(([key, match]) => [key, match.column]));
}
