import { useMemo } from 'react';
import { useDebounced } from '../resources/use-debounced.js';
import { cellText, type HeaderRange, headerRange, type RangeProblem } from './cell-range.js';

/** The spec's quiet time before typed Start and End cells apply. */
export const CELL_INPUT_DEBOUNCE_MS = 500;
/** Rows the preview shows from its first row. */
export const PREVIEW_ROWS = 20;

/**
 * What the user did in the header step. Until they touch the cells, the guessed header is shown.
 * Typed cells apply after the quiet time; a click on the preview applies at once.
 */
export interface HeaderInputs {
  start: string;
  end: string;
  touched: boolean;
  source: 'typed' | 'picked';
  /** The first previewed row, unless typed cells moved it. */
  windowFrom: number;
}

export const initialHeaderInputs: HeaderInputs = { start: '', end: '', touched: false, source: 'picked', windowFrom: 1 };

export const rangeInputs = (range: HeaderRange) => ({
  start: cellText({ column: range.colStart, row: range.headerFrom }),
  end: cellText({ column: range.colEnd, row: range.headerTo }),
});

export interface HeaderSelection {
  /** What the Start and End inputs show. */
  start: string;
  end: string;
  /** The range in force, or null while there is none (empty or wrong cells). */
  range: HeaderRange | null;
  problem: RangeProblem | null;
  windowFrom: number;
}

export function useHeaderSelection(inputs: HeaderInputs, guess: HeaderRange | null): HeaderSelection {
  const shown = !inputs.touched && guess ? { ...inputs, ...rangeInputs(guess) } : inputs;
  const settled = useDebounced(`${shown.start}|${shown.end}`, CELL_INPUT_DEBOUNCE_MS);
  return useMemo(() => {
    const [start = '', end = ''] = (shown.source === 'typed' ? settled : `${shown.start}|${shown.end}`).split('|');
    const result = start === '' && end === '' ? null : headerRange(start, end);
    const range = result?.ok ? result.range : null;
    const windowFrom = shown.source === 'typed' && range ? range.headerFrom : shown.windowFrom;
    return { start: shown.start, end: shown.end, range, problem: result && !result.ok ? result.problem : null, windowFrom };
  }, [shown.source, shown.start, shown.end, shown.windowFrom, settled]);
}
