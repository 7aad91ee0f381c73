import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { businessSections } from '../common/i18n/locales.js';

const prefix = 'virtual:catalog/';

/**
 * Serves `virtual:catalog/<locale>/public` and `virtual:catalog/<locale>/business`: a language's catalog cut in two
 * by its top-level sections, so that a visitor of the public lookup downloads none of the signed-in screens' texts.
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
      const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const wanted = part === 'business';
      return `export default ${JSON.stringify(Object.fromEntries(Object.entries(catalog).filter(([section]) => businessSections.includes(section) === wanted)))};`;
    },
  };
}
