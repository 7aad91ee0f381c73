import { defaultTariffYear, normaliseYear } from '../../../common/lookup/query.js';
import type { LookupLang } from '../../../common/lookup/schemas.js';

/** A field in the wanted language, falling back to Vietnamese then English when that translation is missing. */
export function localText(doc: object, field: string, lang: LookupLang): { text: string; field: string } {
  const record = doc as Record<string, unknown>;
  const order = [lang === 'vi' ? field : `${lang}_${field}`, field, `en_${field}`];
  for (const key of order) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return { text: value, field: key };
  }
  return { text: '', field: order[0]! };
}

/** The year of the address (?year=), read by the spec's rule. */
export const yearOfParams = (params: URLSearchParams): number => (params.has('year') ? normaliseYear(params.get('year')) : defaultTariffYear);

/** Keeps a chosen year in links, and leaves the default out so addresses stay short. */
export const withYear = (path: string, year: number): string => (year === defaultTariffYear ? path : `${path}?year=${year}`);

/** The page address of a code: its digits (or a section numeral). */
export const codePath = (id: string): string => `/${id}`;
