import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { businessSections } from '../common/i18n/locales.js';

const prefix = 'virtual:catalog/';

type Catalog = { [key: string]: string | Catalog };

/**
 * The signed-in screens' texts that the signed-in home and its frame read: the overview and its charts, the tables'
 * titles and the menu. A signed-in user's first page loads these (about 8 kB) instead of the whole business part
 * (60–72 kB); the other screens wait for the business part (`PageMessages` in web/app/i18n/SignedInMessages.tsx).
 */
export const homeKeys: readonly string[] = [
  'overview', 'resources', 'data.menu', 'origin.menu', 'coReports.menu', 'statements.menu', 'statements.computing', 'statements.values',
  'imports.history.status',
];

/** The entries of a nested catalog under the dotted `keys`, nested as they were. */
function pick(catalog: Catalog, keys: readonly string[]): Catalog {
  const picked: Catalog = {};
  for (const key of keys) {
    const [head, ...rest] = key.split('.');
    const value = catalog[head!];
    if (value === undefined) continue;
    if (rest.length === 0 || typeof value === 'string') picked[head!] = value;
    else {
      const inner = pick(value, [rest.join('.')]);
      const existing = picked[head!];
      picked[head!] = typeof existing === 'object' ? { ...existing, ...inner } : inner;
    }
  }
  return picked;
}

/**
 * Serves `virtual:catalog/<locale>/<part>`: a language's catalog cut by its top-level sections into `public` (what every
 * visitor reads) and `business` (the signed-in screens' sections), so that a visitor of the public lookup downloads none
 * of the signed-in screens' texts; `home` is the few business texts the signed-in home needs.
 */
export function catalogParts(): Plugin {
  return {
    name: 'dutybook-catalog-parts',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [locale, part] = id.slice(prefix.length + 1).split('/');
      const file = path.resolve(import.meta.dirname, '../common/i18n', `${locale}.json`);
      this.addWatchFile(file);
      const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog;
      if (part === 'home') return `export default ${JSON.stringify(pick(catalog, homeKeys))};`;
      const wanted = part === 'business';
      return `export default ${JSON.stringify(Object.fromEntries(Object.entries(catalog).filter(([section]) => businessSections.includes(section) === wanted)))};`;
    },
  };
}
