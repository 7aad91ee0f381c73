import { defaultTariffYear, normaliseYear } from '../../../common/lookup/query.js';
import { locales } from '../../../common/i18n/locales.js';
import type { IntlShape } from 'react-intl';
import { issuerKey } from '../../../common/lookup/issuers.js';
import type { LookupLang, SearchAnswer } from '../../../common/lookup/schemas.js';

/**
 * A field in the wanted language, falling back when that translation is missing: a Korean reader gets the English text
 * before the Vietnamese (most Korean readers of the tariff read English, few Vietnamese), an English one the
 * Vietnamese, a Vietnamese one the English. The field says which language was shown, so pages can label it.
 */
export function localText(doc: object, field: string, lang: LookupLang): { text: string; field: string } {
  const record = doc as Record<string, unknown>;
  const order = lang === 'ko' ? [`ko_${field}`, `en_${field}`, field] : [lang === 'vi' ? field : `${lang}_${field}`, field, `en_${field}`];
  for (const key of order) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return { text: value, field: key };
  }
  return { text: '', field: order[0]! };
}

const fieldIn = (field: string, lang: LookupLang) => (lang === 'vi' ? field : `${lang}_${field}`);

/**
 * A search result's field in the language that matched: the interface language's when its text has a match, else
 * the first language whose text has one (a Vietnamese term in the English interface shows the Vietnamese text),
 * else the interface language's text as localText gives it.
 */
export function matchedText(doc: object, field: string, lang: LookupLang, marks: SearchAnswer['highlighting'][string] | undefined): { text: string; field: string; lang: LookupLang } {
  const record = doc as Record<string, unknown>;
  for (const candidate of [lang, ...locales.filter((other) => other !== lang)]) {
    const key = fieldIn(field, candidate);
    const value = record[key];
    if (marks?.[key] && typeof value === 'string' && value !== '') return { text: value, field: key, lang: candidate };
  }
  const local = localText(doc, field, lang);
  return { ...local, lang: locales.find((candidate) => fieldIn(field, candidate) === local.field) ?? lang };
}

/** The year of the address (?year=), read by the spec's rule. */
export const yearOfParams = (params: URLSearchParams): number => (params.has('year') ? normaliseYear(params.get('year')) : defaultTariffYear);

/** Keeps a chosen year in links, and leaves the default out so addresses stay short. */
export const withYear = (path: string, year: number): string => (year === defaultTariffYear ? path : `${path}?year=${year}`);

/**
 * The page address of a code: its digits (or a section numeral). A group row (`853650~1`) has no page of its own: it
 * opens its code's page at the group.
 */
export const codePath = (id: string): string => {
  const group = id.indexOf('~');
  return group === -1 ? `/${id}` : `/${id.slice(0, group)}#${encodeURIComponent(id)}`;
};

/** The label key of a line's level; a group row (no code of its own) is labelled as one whatever its depth. */
export const levelLabelId = (line: { id: string; level: number }): string => (line.id.includes('~') ? 'lookup.level.group' : `lookup.level.${line.level}`);

/** The years a visitor may pick: those that hold lines, and the one shown. */
export const yearChoices = (years: number[] | undefined, shown: number): number[] => [...new Set([...(years ?? []), shown])].sort((a, b) => b - a);

/**
 * A regulation's issuing authority in the reader's language ("Chính phủ" → "Government", "정부"), by its catalog
 * name when the lookup knows it, which also writes "CHÍNH PHỦ" as "Chính phủ"; any other issuer as written.
 */
export function issuerName(intl: Pick<IntlShape, 'formatMessage'>, issuer: string): string {
  const key = issuerKey(issuer);
  return key ? intl.formatMessage({ id: `lookup.issuers.${key}` }) : issuer;
}
