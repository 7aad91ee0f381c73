import { cellText, type ChoiceLabels, coerceCell, type DecimalMark, importMessages, type SheetCell, type SheetRow } from '../../common/imports/coerce.js';
import { columnNumber, headerKey } from '../../common/imports/cells.js';
import { kindOfRefusedRow, type SkippedRow } from '../../common/imports/row-kinds.js';
import type { FieldDefinition } from '../../common/resources/define.js';
import type { FieldValue } from '../../common/resources/schemas.js';

/**
 * How the rows of a sheet become table rows, as plain data the reader process is given: each field's
 * column (or none), its value for every row, and the columns kept as extra fields. The reader process
 * converts while it reads, so the server only loads what it is sent.
 */
export interface RowPlan {
  fields: Array<{
    name: string; definition: FieldDefinition; column: string | null; fallback: FieldValue; choiceLabels: ChoiceLabels;
    /** How the column writes numbers as text, decided from its cells (common/imports/number-format.ts). */
    decimalMark?: DecimalMark | null;
    /** The column whose cell holds the value after `#&` when none is mapped to the field (`codeInField`). */
    codeColumn?: string | null;
  }>;
  extraColumns: Array<{ index: number; name: string }>;
  /** Header texts by column letter, named in the messages of refused rows. */
  headers: Record<string, string>;
  date1904: boolean;
  /**
   * What starts every loaded line: the same values for every row (company, folder set and import of
   * the table's rows), or null for the sheet's row number (a staging table's).
   */
  leading: string[] | null;
}

export interface RowError { row: number; column: string | null; field: string | null; message: string }

export interface RefusedRow { row: number; cells: string[]; message: string; errors: RowError[] }

/** A value in PostgreSQL's COPY text format: tab-separated, `\N` for null, backslash escapes. */
function copyValue(value: FieldValue | string): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (char) => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r')) : value;
}

/** The item code an ECUS description carries after its last `#&` ('Vải dệt thoi#&VAI-C58'), when it is one word. */
export function codeAfterHashAmp(text: string): string | null {
  const at = text.lastIndexOf('#&');
  const code = at >= 0 ? text.slice(at + 2).trim() : '';
  return code !== '' && !/\s/.test(code) && code.length <= 60 ? code : null;
}

/**
 * The converter of one import: a row either becomes a line of COPY text (fields in the plan's order,
 * after the leading values and the extra fields as JSON), or is refused with every problem it has, or is
 * skipped as no row of the table (a totals row, a signature, a repeated header: `kindOfRefusedRow`).
 * Rows whose cells are all empty are passed over: they are the trailing rows of a formatted sheet.
 */
export function rowConverter(plan: RowPlan): (row: SheetRow) => { line: string } | { refused: RefusedRow } | { skipped: SkippedRow } | null {
  const fields = plan.fields.map((field) => ({
    ...field, index: field.column === null ? -1 : columnNumber(field.column) - 1,
    codeIndex: field.column === null && field.codeColumn ? columnNumber(field.codeColumn) - 1 : -1,
  }));
  const leading = plan.leading === null ? null : plan.leading.map(copyValue).join('\t');
  const isEmpty = (cell: SheetCell | undefined) => cell === null || cell === undefined || cellText(cell) === '';
  const headerKeys = new Map(Object.entries(plan.headers).map(([letter, text]) => [columnNumber(letter) - 1, headerKey(text)]));
  let afterSignature = false;

  return (row) => {
    if (row.cells.every(isEmpty)) return null;
    // One join per line: building it by concatenation would leave thousands of string pieces per batch to collect.
    const parts = [leading ?? String(row.row)];
    const extra: Record<string, string> = {};
    let extraCount = 0;
    for (const column of plan.extraColumns) {
      const cell = row.cells[column.index];
      if (isEmpty(cell)) continue;
      extra[column.name] = cellText(cell!);
      extraCount += 1;
    }
    parts.push(extraCount > 0 ? copyValue(JSON.stringify(extra)) : '\\N');
    let errors: RowError[] | undefined;
    let word: Record<string, string> | undefined;
    for (const field of fields) {
      let value: FieldValue = field.fallback;
      let failed = false;
      if (field.index >= 0) {
        const coerced = coerceCell(field.definition, row.cells[field.index] ?? null, { date1904: plan.date1904, choiceLabels: field.choiceLabels, decimalMark: field.decimalMark });
        if ('error' in coerced) {
          (errors ??= []).push({ row: row.row, column: field.column, field: field.name, message: coerced.error });
          failed = true;
        } else if (coerced.value !== null) value = coerced.value;
        else if (coerced.word !== undefined) (word ??= {})[field.name] = coerced.word;
      } else if (field.codeIndex >= 0 && value === null) {
        const cell = row.cells[field.codeIndex];
        value = typeof cell === 'string' ? codeAfterHashAmp(cell) : null;
      }
      if (value === null && field.definition.required && !failed) {
        (errors ??= []).push({ row: row.row, column: field.column, field: field.name, message: importMessages.required });
      }
      parts.push(copyValue(value));
    }
    if (word) {
      // A rate word ('KCT') is kept with the row's extra values, under its field's name.
      Object.assign(extra, word);
      parts[1] = copyValue(JSON.stringify(extra));
    }
    if (!errors) return { line: parts.join('\t') };
    const cells = row.cells.map(cellText);
    const kind = kindOfRefusedRow(cells, headerKeys, { afterSignature, missingRequired: errors.some((error) => error.message === importMessages.required) });
    if (kind === 'signature') afterSignature = true;
    if (kind) return { skipped: { row: row.row, kind } };
    const message = errors.map((error) => `${error.column ?? ''} ${plan.headers[error.column ?? ''] ?? error.field}: ${error.message}`.trim()).join('; ');
    return { refused: { row: row.row, cells, message, errors } };
  };
}
