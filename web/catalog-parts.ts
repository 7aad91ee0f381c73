import fs from 'node:fs';
import path from 'node:path';
import { isLiteralElement, parse } from '@formatjs/icu-messageformat-parser';
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

/** A message parsed into react-intl's syntax tree; plain text, most messages, as a call that builds its one-node tree. */
function compiledMessage(message: string): string {
  const tree = parse(message);
  const only = tree[0];
  return tree.length === 1 && only && isLiteralElement(only) ? `t(${JSON.stringify(only.value)})` : JSON.stringify(tree);
}

const compiledCatalog = (catalog: Catalog): string => `{${Object.entries(catalog)
  .map(([key, value]) => `${JSON.stringify(key)}:${typeof value === 'string' ? compiledMessage(value) : compiledCatalog(value)}`).join(',')}}`;

/**
 * A part of a catalog as the module the browser loads, each message already parsed, so that the app ships without the
 * ICU message parser (`@formatjs/icu-messageformat-parser/no-parser` in vite.config.ts: 27 kB of the first script). A
 * message that does not parse fails the build.
 */
const compiledModule = (catalog: Catalog) => `const t = (value) => [{ type: 0, value }];\nexport default ${compiledCatalog(catalog)};`;

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
      if (part === 'home') return compiledModule(pick(catalog, homeKeys));
      const wanted = part === 'business';
      return compiledModule(Object.fromEntries(Object.entries(catalog).filter(([section]) => businessSections.includes(section) === wanted)));
    },
  };
}
