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

/**
 * Words of a text query that are searched; the rest are left out and named in the answer (`query.ignored`). Each word
 * adds text-search matches to every candidate line, so a query of forty words cost the database several times a
 * usual one: the bound keeps one public search's work near that of an ordinary product name.
 */
export const maxQueryWords = 12;

/** Composes accents (NFC, as the tariff is stored), trims and collapses whitespace, as every search term is read. */
export const cleanTerm = (text: string): string => text.normalize('NFC').trim().replace(/\s+/g, ' ');

/**
 * What a search asks for: everything, a code, or text made of words and quoted phrases
 * (every one must match; exact mode makes the whole term one phrase).
 */
export type ParsedQuery =
  | { kind: 'all' }
  | { kind: 'code'; code: CodeTerm }
  | { kind: 'text'; text: string; words: string[]; phrases: string[]; ignored: string[] };

export function parseQuery(raw: string, options: { exact?: boolean } = {}): ParsedQuery {
  const text = cleanTerm(raw);
  if (text === '' || text === '*') return { kind: 'all' };
  const code = parseCodeTerm(text);
  if (code) return { kind: 'code', code };
  if (options.exact) {
    const phrase = cleanTerm(text.replaceAll('"', ' '));
    const kept = phrase.split(' ');
    const ignored = kept.splice(maxQueryWords);
    return phrase === '' ? { kind: 'all' } : { kind: 'text', text: kept.join(' '), words: [], phrases: [kept.join(' ')], ignored };
  }
  const phrases: string[] = [];
  const rest = text.replace(/"([^"]*)"/g, (_match, inner: string) => {
    const phrase = cleanTerm(inner);
    if (phrase) phrases.push(phrase);
    return ' ';
  });
  // A word without a letter or digit (`!`, `|`, `-`) names nothing a line could hold.
  const typed = cleanTerm(rest.replaceAll('"', ' ')).split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word));
  // Quoted phrases count their words against the bound first, then the words in the order typed.
  let budget = maxQueryWords;
  const keptPhrases: string[] = [];
  const ignored: string[] = [];
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    if (budget <= 0) { ignored.push(...words); continue; }
    keptPhrases.push(words.slice(0, budget).join(' '));
    ignored.push(...words.slice(budget));
    budget -= Math.min(words.length, budget);
  }
  // A word typed again is searched once, unless it follows itself: Vietnamese names repeat a syllable without accents
  // (`may may` is `máy may`, a sewing machine), which the synonym table may know as a whole.
  const words = typed.filter((word, index) => typed.indexOf(word) === index || typed[index - 1] === word);
  ignored.push(...words.splice(Math.max(budget, 0)));
  if (words.length === 0 && keptPhrases.length === 0) return { kind: 'all' };
  return { kind: 'text', text: cleanTerm([...keptPhrases, ...words].join(' ')), words, phrases: keptPhrases, ignored };
}
