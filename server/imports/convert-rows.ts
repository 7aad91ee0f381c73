import { cellText, type ChoiceLabels, coerceCell, importMessages, type SheetCell, type SheetRow } from '../../common/imports/coerce.js';
import { columnNumber } from '../../common/imports/cells.js';
import type { FieldDefinition } from '../../common/resources/define.js';
import type { FieldValue } from '../../common/resources/schemas.js';

/**
 * How the rows of a sheet become table rows, as plain data the reader process is given: each field's
 * column (or none), its value for every row, and the columns kept as extra fields. The reader process
 * converts while it reads, so the server only loads what it is sent.
 */
export interface RowPlan {
  fields: Array<{ name: string; definition: FieldDefinition; column: string | null; fallback: FieldValue; choiceLabels: ChoiceLabels }>;
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

/**
 * The converter of one import: a row either becomes a line of COPY text (fields in the plan's order,
 * after the leading values and the extra fields as JSON), or is refused with every problem it has.
 * Rows whose cells are all empty are skipped: they are the trailing rows of a formatted sheet.
 */
export function rowConverter(plan: RowPlan): (row: SheetRow) => { line: string } | { refused: RefusedRow } | null {
  const fields = plan.fields.map((field) => ({ ...field, index: field.column === null ? -1 : columnNumber(field.column) - 1 }));
  const leading = plan.leading === null ? null : plan.leading.map(copyValue).join('\t');
  const isEmpty = (cell: SheetCell | undefined) => cell === null || cell === undefined || cellText(cell) === '';

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
    for (const field of fields) {
      let value: FieldValue = field.fallback;
      let failed = false;
      if (field.index >= 0) {
        const coerced = coerceCell(field.definition, row.cells[field.index] ?? null, { date1904: plan.date1904, choiceLabels: field.choiceLabels });
        if ('error' in coerced) {
          (errors ??= []).push({ row: row.row, column: field.column, field: field.name, message: coerced.error });
          failed = true;
        } else if (coerced.value !== null) value = coerced.value;
      }
      if (value === null && field.definition.required && !failed) {
        (errors ??= []).push({ row: row.row, column: field.column, field: field.name, message: importMessages.required });
      }
      parts.push(copyValue(value));
    }
    if (!errors) return { line: parts.join('\t') };
    const message = errors.map((error) => `${error.column ?? ''} ${plan.headers[error.column ?? ''] ?? error.field}: ${error.message}`.trim()).join('; ');
    return { refused: { row: row.row, cells: row.cells.map(cellText), message, errors } };
  };
}
