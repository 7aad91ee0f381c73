import { agreementCodes } from '../agreements.js';

/**
 * Duty-rate cells as the Vietnamese tariff publishes them, read into a number where they are one. What is
 * not a plain number keeps its published text, because its meaning (quotas, two-stage rates, notes on
 * specific goods) must be read by a person: only the patterns below are interpreted.
 */
export type DutyRate =
  /** No rate published in the cell (heading and group rows). */
  | { kind: 'empty'; text: '' }
  /** A plain percentage: '7,5' and '7.5' are 7.5. */
  | { kind: 'rate'; text: string; percent: number }
  /** '*': the agreement gives this line no preference. */
  | { kind: 'no_preference'; text: string }
  /** '0 (-BN, KH, TH)': the rate applies except to goods from the listed countries (ISO alpha-2 codes). */
  | { kind: 'rate_except'; text: string; percent: number; exceptCountries: string[] }
  /** Anything else ('2,7; M: 5,4', '0/5', 'Q', '60 (NHN: 120)'): published text only. */
  | { kind: 'text'; text: string };

const numberPattern = '\\d+(?:[.,]\\d+)?';
const plainNumber = new RegExp(`^${numberPattern}$`);
const exception = new RegExp(`^(${numberPattern})\\s*\\(\\s*-\\s*([A-Z]{2}(?:\\s*,\\s*[A-Z]{2})*)\\s*\\)$`);

const percentOf = (text: string): number => Number(text.replace(',', '.'));

export function parseDutyRate(cell: string): DutyRate {
  const text = cell.trim();
  if (text === '') return { kind: 'empty', text: '' };
  if (text === '*') return { kind: 'no_preference', text };
  if (plainNumber.test(text)) return { kind: 'rate', text, percent: percentOf(text) };
  const except = exception.exec(text);
  if (except) {
    return { kind: 'rate_except', text, percent: percentOf(except[1]!), exceptCountries: except[2]!.split(',').map((code) => code.trim()) };
  }
  return { kind: 'text', text };
}

/** The number a rate stands for when it is one (a plain rate, or the rate of a rate-except-countries cell). */
export const ratePercent = (rate: DutyRate): number | null => (rate.kind === 'rate' || rate.kind === 'rate_except' ? rate.percent : null);

/**
 * The schedules of the published tariff in the order it prints them: ordinary, MFN, the agreements in the shared
 * list's order, VIFTA (which has no origin rules here), and RCEP's partner groups instead of one RCEP column.
 */
export const rateSchedules: readonly string[] = [
  'ordinary', 'MFN', ...agreementCodes.filter((code) => code !== 'RCEP'), 'VIFTA', ...['A', 'B', 'C', 'D', 'E', 'F'].map((group) => `RCEP ${group}`),
];
