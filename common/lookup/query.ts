import { type CodeTerm, parseCodeTerm } from '../hs/code.js';

/** Tariff years a visitor may pick; anything else reads the current schedule. */
export const tariffYears = [2017, 2018, 2019, 2020, 2021, 2022, 2023, 2025] as const;
export const defaultTariffYear = 2025;

/** The spec's rule: a stored year from 2017 to 2023 is accepted, otherwise 2025. */
export function normaliseYear(value: unknown): number {
  const year = Number(value);
  return Number.isInteger(year) && year >= 2017 && year <= 2023 ? year : defaultTariffYear;
}

export const searchPageSize = 8;
/** Upper bounds of one load: the tree's first level (21 sections and Vietnam's chapter 98), chapters, search pages. */
export const maxSectionRows = 22;
export const maxRows = 600;

/** Trims and collapses whitespace, as every search term is read. */
export const cleanTerm = (text: string): string => text.trim().replace(/\s+/g, ' ');

/**
 * What a search asks for: everything, a code, or text made of words and quoted phrases
 * (every one must match; exact mode makes the whole term one phrase).
 */
export type ParsedQuery =
  | { kind: 'all' }
  | { kind: 'code'; code: CodeTerm }
  | { kind: 'text'; text: string; words: string[]; phrases: string[] };

export function parseQuery(raw: string, options: { exact?: boolean } = {}): ParsedQuery {
  const text = cleanTerm(raw);
  if (text === '' || text === '*') return { kind: 'all' };
  const code = parseCodeTerm(text);
  if (code) return { kind: 'code', code };
  if (options.exact) {
    const phrase = cleanTerm(text.replaceAll('"', ' '));
    return phrase === '' ? { kind: 'all' } : { kind: 'text', text: phrase, words: [], phrases: [phrase] };
  }
  const phrases: string[] = [];
  const rest = text.replace(/"([^"]*)"/g, (_match, inner: string) => {
    const phrase = cleanTerm(inner);
    if (phrase) phrases.push(phrase);
    return ' ';
  });
  const words = cleanTerm(rest.replaceAll('"', ' ')).split(' ').filter((word) => word !== '');
  if (words.length === 0 && phrases.length === 0) return { kind: 'all' };
  return { kind: 'text', text: cleanTerm([...phrases, ...words].join(' ')), words: [...new Set(words)], phrases };
}
