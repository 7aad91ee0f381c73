import { hsDigits } from '../hs/code.js';
import type { FieldDefinition } from '../resources/define.js';
import { isCalendarDate } from '../text/calendar.js';
import { fold } from '../text/fold.js';

/**
 * A cell as the readers hand it over: text, a number, a boolean, a date cell (`{date: 'YYYY-MM-DD...'}`),
 * an error value (`#N/A`), or a formula whose cached value the file does not hold.
 */
export type SheetCell = string | number | boolean | null | { date: string } | { error: string } | { formulaWithoutValue: true };

/** One sheet row: its 1-based number and its cells from column A. */
export interface SheetRow {
  row: number;
  cells: SheetCell[];
}

/** What a cell shows, as text: the preview, header names, extra fields and refused rows use it. */
export function cellText(cell: SheetCell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') return 'date' in cell ? cell.date.slice(0, 10) : 'error' in cell ? cell.error : '';
  return String(cell).trim();
}

/** A cell's value, or why it has none; `word` is the rate word a rate cell held instead of a rate (`KCT`). */
export type Coerced = { value: string | number | null; word?: string } | { error: string };

const fail = (error: string): Coerced => ({ error });

export const importMessages = {
  formula: 'The formula has no saved value; open the file in Excel, save it and upload it again.',
  errorValue: 'The cell holds an error value',
  number: 'Not a number',
  // A text number written with the other decimal mark than the rest of its column ('2.5' where the column writes 2,5).
  numberStyle: 'Not a number as this column writes them',
  // '100.000' or '1,500' in a column whose other cells do not tell whether the separator groups thousands.
  numberAmbiguous: 'Cannot tell whether the separator groups thousands or marks decimals; choose the number format in the mapping step',
  integer: 'Not a whole number',
  date: 'Not a date (use dd/mm/yyyy or yyyy-mm-dd)',
  choice: 'Not one of the listed values',
  negative: 'Negative, where only zero or more has a meaning',
  hsCode: 'Not an HS code (2 to 10 digits)',
  tooLong: 'The text is too long',
  required: 'This field is required',
  // An AMA or cancel row whose declaration (first 11 digits) is not in the folder set at all; the number follows.
  declarationNotFound: 'No declaration of this folder set has the number',
  // Its declaration is there, but no line of it has the row's line number (or, without one, its code), which follows.
  lineNotFound: 'The declaration is in this folder set, but has no line',
  codeNotFound: 'The declaration is in this folder set, but has no line with the code',
} as const;

/** Messages that carry a value after their text, as `<message> <value>`; a message that starts another comes first. */
export const valuedImportMessages = ['errorValue', 'declarationNotFound', 'codeNotFound', 'lineNotFound'] as const;

/**
 * Why an import failed, beside its English traceback: a code with its values, which the web shows in the
 * reader's language (`imports.failures.<code>`, or a refused file's `imports.errors.reasons.<reason>`).
 */
export type ImportFailure =
  | { code: 'rows_refused'; values: { refused: number; total: number } }
  | { code: 'lines_unmatched'; values: { count: number } }
  | { code: 'unreadable'; values: { reason: string; limit?: number | undefined } }
  | { code: 'no_rows' | 'unexpected' | 'interrupted' | 'upload_missing' };

const excelEpoch1900 = Date.UTC(1899, 11, 30);
const excelEpoch1904 = Date.UTC(1904, 0, 1);
const dayMs = 86_400_000;

/**
 * An Excel serial day as a date. In the 1900 system serials count from 1899-12-30, because Excel keeps
 * Lotus's phantom 29 February 1900 (serial 60); serials below 61 are one day later than that count.
 */
export function excelSerialToDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const days = Math.floor(serial);
  const time = date1904 ? excelEpoch1904 + days * dayMs : excelEpoch1900 + (days < 61 ? days + 1 : days) * dayMs;
  return new Date(time).toISOString().slice(0, 10);
}

/** 107808761432 and '107808761432.0' → '107808761432': codes stay text with their leading zeros. */
function coerceCode(cell: string | number | boolean): string {
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  const text = String(cell).trim();
  return /^\d+\.0+$/.test(text) ? text.replace(/\.0+$/, '') : text;
}

/** The decimal mark of numbers written as text: ',' (Vietnamese, 1.234,5) or '.' (1,234.5). */
export type DecimalMark = ',' | '.';

const plainNumber = /^\d[\d.,]*$/;
/** A number by its column's mark: the whole part, plain or grouped by the other separator in threes, and the fraction. */
const byMark: Record<DecimalMark, RegExp> = { ',': /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d*))?$/, '.': /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/ };

/** A text number's sign, parentheses and spaces taken off: its digits and separators, or null when it is not one. */
function bareNumber(raw: string): { negative: boolean; text: string } | null {
  // Most cells are digits and separators alone: read at once, as an import reads every numeric cell of a sheet.
  if (plainNumber.test(raw)) return { negative: false, text: raw };
  let text = raw.trim().replace(/[\s\u00a0]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) { negative = true; text = text.slice(1, -1); }
  if (text.startsWith('-')) { negative = !negative; text = text.slice(1); } else if (text.startsWith('+')) text = text.slice(1);
  return /^[\d.,]+$/.test(text) && /\d/.test(text) ? { negative, text } : null;
}

/**
 * What one text number tells of its decimal mark: the mark ('1.234,5', '1.234.567', '12,5' say ','), `either` when a
 * single separator stands before exactly three digits ('100.000', '1,500': a thousands group or three decimals), or
 * null when it has no separator or is no number.
 */
export function decimalMarkOf(raw: string): DecimalMark | 'either' | null {
  const bare = bareNumber(raw);
  if (!bare) return null;
  const { text } = bare;
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  if (dots > 0 && commas > 0) return text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
  if (dots + commas === 0) return null;
  const separator = dots > 0 ? '.' : ',';
  const other: DecimalMark = separator === '.' ? ',' : '.';
  if (dots + commas > 1) return other;
  const [whole, fraction] = text.split(separator) as [string, string];
  // No thousands group starts with 0 or is empty: '0.500' and ',5' are decimals.
  return fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole) ? 'either' : separator;
}

/**
 * A column's decimal mark, decided from all its text numbers: the mark most of them show (cells that could be either
 * and Excel numbers tell nothing). Null when none tells; `conflicting` when some show the other mark.
 */
export function decideDecimalMark(texts: Iterable<string>): { mark: DecimalMark | null; conflicting: boolean; either: boolean } {
  let commas = 0;
  let dots = 0;
  let either = false;
  for (const text of texts) {
    const mark = decimalMarkOf(text);
    if (mark === ',') commas += 1;
    else if (mark === '.') dots += 1;
    else if (mark === 'either') either = true;
  }
  return { mark: commas === 0 && dots === 0 ? null : commas >= dots ? ',' : '.', conflicting: commas > 0 && dots > 0, either };
}

/**
 * Decimal text. With the column's mark, the other separator may only group thousands ('1.234.567,5' by ','); without
 * one, with both separators the last one is the decimal point ('1.000,50', '1,000.50'), several of one separator group
 * thousands, and a single one is a decimal mark unless a comma stands before three digits ('1,500'). The import never
 * reads a cell that could be either without its column's mark (`coerceCell`).
 */
export function parseDecimalText(raw: string, mark?: DecimalMark): string | null {
  const bare = bareNumber(raw);
  if (!bare) return null;
  const { negative, text } = bare;
  let normalised: string;
  if (mark) {
    const parts = byMark[mark].exec(text);
    if (!parts) return null;
    const whole = parts[1]!.length > 3 ? parts[1]!.replaceAll(mark === ',' ? '.' : ',', '') : parts[1]!;
    normalised = parts[2] ? `${whole}.${parts[2]}` : whole;
  } else {
    const lastComma = text.lastIndexOf(',');
    const lastDot = text.lastIndexOf('.');
    if (lastComma >= 0 && lastDot >= 0) {
      const decimalMark = lastComma > lastDot ? ',' : '.';
      const grouping = decimalMark === ',' ? '.' : ',';
      const [whole, fraction, ...more] = text.split(decimalMark);
      if (more.length > 0 || fraction === undefined) return null;
      normalised = `${whole!.split(grouping).join('')}.${fraction}`;
    } else if (lastComma >= 0) {
      const parts = text.split(',');
      normalised = parts.length > 2 || /^\d{1,3},\d{3}$/.test(text) ? parts.join('') : parts.join('.');
    } else {
      const parts = text.split('.');
      normalised = parts.length > 2 ? parts.join('') : text;
    }
  }
  if (!/^\d+(\.\d+)?$/.test(normalised) && !/^\d+\.$/.test(normalised)) return null;
  normalised = normalised.replace(/\.$/, '').replace(/^0+(?=\d)/, '');
  return negative && /[1-9]/.test(normalised) ? `-${normalised}` : normalised;
}

/**
 * Words a rate cell holds where no rate applies: `KCT` (không chịu thuế, not subject), `*`, `-`, and their spellings.
 * A rate field (`rateWords`) reads them as no rate and keeps the word.
 */
export function isRateWord(raw: string): boolean {
  const text = fold(raw).replace(/[\s.]/g, '');
  return /^(kct|khongchiuthue|\*|-|--|na|n\/a|notsubject)$/.test(text);
}

/** A number as exact decimal text, without exponent notation for ordinary magnitudes. */
const numberText = (value: number) => (Number.isInteger(value) ? value.toFixed(0) : String(Number(value.toPrecision(15))));

/** dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy, yyyy-mm-dd, yyyy/mm/dd, each optionally followed by a time. */
export function parseDateText(raw: string): string | null {
  const text = raw.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*(AM|PM)?Z?$/i, '');
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  let iso: string | undefined;
  if (match) iso = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (match) iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return iso && isCalendarDate(iso) ? iso : null;
}

/** A choice field's labels by value, in every interface language; `coerceCell` also reads the values and the field's `choiceAliases`. */
export type ChoiceLabels = Record<string, readonly string[]>;

const noLabels: ChoiceLabels = {};
const folded = new WeakMap<FieldDefinition, WeakMap<ChoiceLabels, Map<string, string>>>();

/**
 * A choice field's names folded, each with its value (the first value to claim it): its values, their labels and its
 * `choiceAliases`. Built once per field and labels, as an import converts every row with the same ones, not folded
 * again for every cell.
 */
function choiceNames(definition: FieldDefinition, labels: ChoiceLabels = noLabels): Map<string, string> {
  let byLabels = folded.get(definition);
  if (!byLabels) folded.set(definition, (byLabels = new WeakMap()));
  let names = byLabels.get(labels);
  if (!names) {
    names = new Map();
    for (const value of definition.choices ?? []) {
      for (const name of [value, ...(labels[value] ?? []), ...(definition.choiceAliases?.[value] ?? [])]) {
        const key = fold(name).trim();
        if (!names.has(key)) names.set(key, value);
      }
    }
    byLabels.set(labels, names);
  }
  return names;
}

/**
 * A text cell as a number by its column's decimal mark. Without one, a cell that could be either ('100.000') is refused
 * rather than guessed: read as 100 it would be a thousand times off, silently.
 */
function textNumber(text: string, mark: DecimalMark | null | undefined): string | null | { error: string } {
  if (mark) return parseDecimalText(text, mark) ?? (parseDecimalText(text) !== null ? { error: importMessages.numberStyle } : null);
  return decimalMarkOf(text) === 'either' ? { error: importMessages.numberAmbiguous } : parseDecimalText(text);
}

/**
 * One cell as the value of a field of the given kind, or the reason it cannot be. Empty cells are
 * null; whether a field may be empty is checked afterwards, with the rest of the row.
 */
export function coerceCell(definition: FieldDefinition, cell: SheetCell, options: { date1904?: boolean; choiceLabels?: ChoiceLabels; decimalMark?: DecimalMark | null } = {}): Coerced {
  if (cell === null || cell === '' || (typeof cell === 'string' && cell.trim() === '')) return { value: null };
  if (typeof cell === 'object') {
    if ('formulaWithoutValue' in cell) return { error: importMessages.formula };
    if ('error' in cell) return { error: `${importMessages.errorValue} ${cell.error}` };
  }
  switch (definition.kind) {
    case 'code':
    case 'text': {
      const text = typeof cell === 'object' ? cell.date.slice(0, 10) : definition.kind === 'code' ? coerceCode(cell) : String(cell).trim();
      if (definition.hsCode) {
        const digits = hsDigits(text);
        return digits === undefined ? fail(importMessages.hsCode) : { value: digits };
      }
      return text.length > (definition.maxLength ?? 255) ? fail(importMessages.tooLong) : { value: text };
    }
    case 'decimal': {
      if (typeof cell === 'string' && definition.rateWords && isRateWord(cell)) return { value: null, word: cell.trim() };
      const parsed = typeof cell === 'number' ? (Number.isFinite(cell) ? numberText(cell) : null) : typeof cell === 'string' ? textNumber(cell, options.decimalMark) : null;
      if (typeof parsed === 'object' && parsed !== null) return parsed;
      if (parsed === null) return fail(importMessages.number);
      return definition.nonNegative && Number(parsed) < 0 ? fail(importMessages.negative) : { value: parsed };
    }
    case 'integer': {
      const text = typeof cell === 'string' ? textNumber(cell, options.decimalMark) : null;
      if (typeof text === 'object' && text !== null) return text;
      const number = typeof cell === 'number' ? cell : Number(text ?? Number.NaN);
      if (!Number.isSafeInteger(number) || Math.abs(number) > 2_147_483_647) return fail(importMessages.integer);
      return definition.nonNegative && number < 0 ? fail(importMessages.negative) : { value: number };
    }
    case 'date': {
      if (typeof cell === 'object') return { value: cell.date.slice(0, 10) };
      const parsed = typeof cell === 'number' ? excelSerialToDate(cell, options.date1904) : typeof cell === 'string' ? parseDateText(cell) : null;
      return parsed === null ? fail(importMessages.date) : { value: parsed };
    }
    case 'choice': {
      const key = fold(String(cell)).trim();
      const choice = choiceNames(definition, options.choiceLabels).get(key);
      return choice === undefined ? fail(importMessages.choice) : { value: choice };
    }
  }
}
