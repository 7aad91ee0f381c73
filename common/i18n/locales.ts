/** The interface languages, in the order the switcher shows them. */
export const locales = ['en', 'vi', 'ko'] as const;
export type Locale = (typeof locales)[number];

/** Vietnamese is the market's language and the default when nothing else is known. */
export const defaultLocale: Locale = 'vi';

// A plain check rather than a zod schema: the public lookup's first script carries this file, and zod would come with it.
export const isLocale = (value: unknown): value is Locale => (locales as readonly unknown[]).includes(value);

/** 'ko-KR' → 'ko'; anything not one of ours → undefined. */
export function localeOfLanguageTag(tag: string | undefined | null): Locale | undefined {
  const primary = tag?.toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

export type Catalog = { [key: string]: string | Catalog };

/**
 * The catalog sections only signed-in screens read (the tables, imports, reports, origin schedules, companies, the
 * administration area and their menu): the web app loads them once a user signs in, and the public lookup's first
 * load goes without them.
 */
export const businessSections: readonly string[] = ['imports', 'statements', 'fields', 'origin', 'table', 'company', 'overview', 'resources', 'account', 'mail', 'data', 'choices', 'coReports', 'admin'];

/** Nested catalog → flat `a.b.c` keys, the form react-intl and the checks use. */
export function flattenCatalog(catalog: Catalog, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flattenCatalog(value, `${prefix}${key}.`));
  }
  return flat;
}
