/** The most decimals a quantity shows: norms multiplied by loss rates reach six. */
const maxDecimals = 6;

/**
 * The Excel number format of one quantity: thousands grouped, and exactly the decimals it has, so that a whole number
 * shows no decimal separator. A format with optional decimals ('#,##0.####') leaves a trailing separator on whole
 * numbers ('1,200.') in Excel and LibreOffice, and a number format cannot drop the separator by itself.
 */
export function quantityFormat(value: number | string, negativeInRed = false): string {
  const fixed = Number(value).toFixed(maxDecimals).replace(/\.?0+$/, '');
  const decimals = fixed.includes('.') ? fixed.length - fixed.indexOf('.') - 1 : 0;
  const positive = decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}`;
  return negativeInRed ? `${positive};[Red]-${positive}` : positive;
}
