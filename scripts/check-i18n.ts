import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Catalog, flattenCatalog, locales } from '../common/i18n/locales.js';
import { catalogProblems } from './i18n-parity.js';

/** Fails when en, vi and ko differ in keys or ICU placeholders, or a message does not parse. */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'common', 'i18n');
const catalogs = Object.fromEntries(locales.map((locale) => [
  locale,
  flattenCatalog(JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Catalog),
]));
const problems = catalogProblems(catalogs);
if (problems.length > 0) {
  console.error(`i18n catalogs differ:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`i18n catalogs agree: ${Object.keys(catalogs.en ?? {}).length} keys in ${locales.join(', ')}`);
