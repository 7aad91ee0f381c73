import { type DecimalMark, parseDecimalText } from '../../common/imports/coerce.js';
import type { FieldKind } from '../../common/resources/define.js';
import { formatBusinessDay } from '../app/i18n/dates.js';

/**
 * The first value under a mapped column as the field will take it, written the reader's way: a sheet's date cell
 * (which the reader gives as `2026-03-02`) as a business day, a number by its column's decimal mark with the
 * language's grouping. Text that does not read as the field's kind is shown as it stands, so that a wrong column
 * shows itself.
 */
export function firstValueText(text: string, kind: FieldKind | undefined, mark: DecimalMark | null | undefined, locale: string): string {
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?$/.test(text)) return formatBusinessDay({ locale }, text);
  if (kind === 'decimal' || kind === 'integer') {
    const value = parseDecimalText(text, mark ?? undefined);
    if (value !== null) return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(Number(value));
  }
  return text;
}
