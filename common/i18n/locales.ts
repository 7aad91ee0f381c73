import { z } from 'zod';

/** The interface languages, in the order the switcher shows them. */
export const locales = ['en', 'vi', 'ko'] as const;
export const localeSchema = z.enum(locales);
export type Locale = z.infer<typeof localeSchema>;

/** Vietnamese is the market's language and the default when nothing else is known. */
export const defaultLocale: Locale = 'vi';

export const isLocale = (value: unknown): value is Locale => localeSchema.safeParse(value).success;

/** 'ko-KR' → 'ko'; anything not one of ours → undefined. */
export function localeOfLanguageTag(tag: string | undefined | null): Locale | undefined {
  const primary = tag?.toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

export type Catalog = { [key: string]: string | Catalog };

/** Nested catalog → flat `a.b.c` keys, the form react-intl and the checks use. */
export function flattenCatalog(catalog: Catalog, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flattenCatalog(value, `${prefix}${key}.`));
  }
  return flat;
}
