import type { FieldDefinition } from '../../common/resources/define.js';

/** A value a row carries for a field: decimals are strings, integers numbers, empty cells null. */
export type CellValue = string | number | null;

/** Why a typed value was refused, as a `table.validation.<reason>` message. */
export type ValueProblem = 'decimal' | 'integer' | 'date' | 'choice' | 'tooLong' | 'required';

export type ParsedValue = { ok: true; value: CellValue } | { ok: false; problem: ValueProblem };

/**
 * A typed decimal in either convention: `1234.5`, `1,234.5`, `1.234,5`, `1 234,5`. When both marks
 * appear the last one is the decimal mark; a single mark used once is the decimal mark, used more
 * than once it groups thousands.
 */
export function normalizeDecimal(input: string): string | null {
  let text = input.replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalMark = lastDot > lastComma ? '.' : ',';
    const groupMark = decimalMark === '.' ? ',' : '.';
    text = text.split(groupMark).join('').replace(decimalMark, '.');
  } else {
    const mark = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (mark) text = text.split(mark).length > 2 ? text.split(mark).join('') : text.replace(mark, '.');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.replace(/^\+/, '').split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/^0+(?=\d)/, '') || '0';
  const trimmedFraction = fraction.replace(/0+$/, '');
  return `${sign}${digits}${trimmedFraction ? `.${trimmedFraction}` : ''}`;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(text: string): boolean {
  if (!isoDate.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** What the API receives for what the user typed in a form or a cell; `null` empties the field. */
export function parseFieldInput(definition: FieldDefinition, input: CellValue | undefined): ParsedValue {
  const text = input === null || input === undefined ? '' : String(input).trim();
  if (text === '') return definition.required ? { ok: false, problem: 'required' } : { ok: true, value: null };
  switch (definition.kind) {
    case 'decimal': {
      const value = normalizeDecimal(text);
      return value === null ? { ok: false, problem: 'decimal' } : { ok: true, value };
    }
    case 'integer': {
      const value = normalizeDecimal(text);
      if (value === null) return { ok: false, problem: 'integer' };
      if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) return { ok: false, problem: 'integer' };
      return { ok: true, value: Number(value) };
    }
    case 'date':
      return isRealDate(text) ? { ok: true, value: text } : { ok: false, problem: 'date' };
    case 'choice':
      return definition.choices?.includes(text) ? { ok: true, value: text } : { ok: false, problem: 'choice' };
    default:
      return text.length > (definition.maxLength ?? 255) ? { ok: false, problem: 'tooLong' } : { ok: true, value: text };
  }
}

/** The number of decimals a decimal string carries, so a quantity is shown with the precision it was stored with. */
export function fractionDigits(value: string): number {
  const fraction = value.split('.')[1] ?? '';
  return Math.min(fraction.length, 20);
}

/** The text an edit input starts with: the stored value as the API spells it. */
export const editText = (value: CellValue | undefined): string => (value === null || value === undefined ? '' : String(value));

/** True when a typed value and the stored one mean the same, so no update is sent. */
export function sameValue(definition: FieldDefinition, stored: CellValue | undefined, parsed: CellValue): boolean {
  if (stored === undefined || stored === null || stored === '') return parsed === null;
  if (parsed === null) return false;
  if (definition.kind === 'decimal') return normalizeDecimal(String(stored)) === parsed;
  return String(stored) === String(parsed);
}
