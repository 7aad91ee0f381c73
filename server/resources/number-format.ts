/** The most decimals a quantity shows: norms multiplied by loss rates reach six. */
export const maxDecimals = 6;

/** The decimals a number has once written exactly (trailing zeros dropped), at most six. */
export function decimalsOf(value: number | string): number {
  const number = Number(value);
  if (!Number.isFinite(number)) return 0;
  const fixed = number.toFixed(maxDecimals).replace(/\.?0+$/, '');
  return fixed.includes('.') ? fixed.length - fixed.indexOf('.') - 1 : 0;
}

/**
 * The Excel number format with thousands grouped and exactly `decimals` decimals, so that a whole number shows no
 * decimal separator. A format with optional decimals ('#,##0.####') leaves a trailing separator on whole numbers
 * ('1,200.') in Excel and LibreOffice, and a number format cannot drop the separator by itself.
 */
export function decimalFormat(decimals: number, negativeInRed = false): string {
  const shown = Math.max(0, Math.min(maxDecimals, Math.trunc(decimals)));
  const positive = shown === 0 ? '#,##0' : `#,##0.${'0'.repeat(shown)}`;
  return negativeInRed ? `${positive};[Red]-${positive}` : positive;
}

/** The Excel number format of one quantity, with exactly the decimals it has. */
export function quantityFormat(value: number | string, negativeInRed = false): string {
  return decimalFormat(decimalsOf(value), negativeInRed);
}

/**
 * One format for a whole column, by the largest scale among its values: a column whose cells each show their own
 * decimals (235 beside 82.296) does not line up, and a reader compares figures down a column. Money passes its
 * currency's scale as the least (USD 2.00, not 2).
 */
export function columnFormat(values: Iterable<number | string | null | undefined>, negativeInRed = false, minimumDecimals = 0): string {
  let decimals = minimumDecimals;
  for (const value of values) if (value !== null && value !== undefined && value !== '') decimals = Math.max(decimals, decimalsOf(value));
  return decimalFormat(decimals, negativeInRed);
}

/** The decimals of an amount in a currency (ISO 4217): 0 for VND, JPY and KRW, 2 for USD and EUR; 2 when unknown. */
export function currencyScale(currency: string | null | undefined): number {
  if (!currency || !/^[A-Za-z]{3}$/.test(currency)) return 2;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * An amount of money rounded to its currency's scale, as an invoice states it: a product of floating-point
 * figures (a unit price times a quantity) otherwise reaches a file as 8003.999999999999.
 */
export function roundMoney(value: number, currency: string | null | undefined): number {
  const factor = 10 ** currencyScale(currency);
  // Halves away from zero, as amounts are rounded on invoices; the epsilon catches halves that binary floating point
  // stores just below them (1.005 is 1.00499…).
  const rounded = Math.sign(value) * Math.round(Math.abs(value) * (1 + Number.EPSILON) * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}
