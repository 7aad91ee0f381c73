import { cellText, decideDecimalMark, type DecimalMark, type SheetRow } from './coerce.js';

/**
 * How each numeric column writes its numbers as text, decided from all of its cells the sheet's outline holds, never
 * cell by cell: '100.000' beside '2.000,5' and '266.700.000' is a hundred thousand. A column none of whose cells tells
 * (every one could be either, or no separators at all) takes the mark the sheet's other numeric columns show, and
 * failing that the one the user chose (`chosen`). `undecided` lists the columns whose cells could be either and that
 * nothing decides: the only case the wizard asks about.
 */
export interface ColumnNumberFormat {
  mark: DecimalMark | null;
  /** Where the mark comes from: the column's own cells, the sheet's other numeric columns, or the user's choice. */
  source: 'column' | 'sheet' | 'chosen' | null;
  /** Some of its cells show the other mark: they are refused with a message rather than read. */
  conflicting: boolean;
}

export function columnNumberFormats(rows: readonly SheetRow[], columns: readonly number[], chosen?: DecimalMark | null): {
  formats: Map<number, ColumnNumberFormat>;
  undecided: number[];
} {
  const textsOf = (column: number) => rows.map((row) => row.cells[column - 1]).filter((cell) => typeof cell === 'string').map((cell) => cellText(cell!));
  const decided = new Map(columns.map((column) => [column, decideDecimalMark(textsOf(column))]));
  const sheet = decideDecimalMark([...decided.values()].flatMap((decision) => (decision.mark ? [decision.mark === ',' ? '1,5' : '1.5'] : [])));
  const formats = new Map<number, ColumnNumberFormat>();
  const undecided: number[] = [];
  for (const [column, decision] of decided) {
    if (decision.mark) formats.set(column, { mark: decision.mark, source: 'column', conflicting: decision.conflicting });
    else if (sheet.mark && !sheet.conflicting) formats.set(column, { mark: sheet.mark, source: 'sheet', conflicting: false });
    else if (chosen) formats.set(column, { mark: chosen, source: 'chosen', conflicting: false });
    else {
      formats.set(column, { mark: null, source: null, conflicting: false });
      if (decision.either) undecided.push(column);
    }
  }
  return { formats, undecided };
}
