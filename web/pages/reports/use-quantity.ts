import { useIntl } from 'react-intl';

/** Quantities arrive as decimal text; they are shown in the reader's number format with the decimals they have. */
export function useQuantity(): (value: string | null | undefined) => string {
  const intl = useIntl();
  return (value) => {
    if (value === null || value === undefined || value === '') return '';
    const number = Number(value);
    if (!Number.isFinite(number)) return value;
    const decimals = value.includes('.') ? Math.min(6, value.length - value.indexOf('.') - 1) : 0;
    return intl.formatNumber(number, { maximumFractionDigits: decimals });
  };
}
