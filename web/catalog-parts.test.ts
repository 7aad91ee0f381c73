import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '../common/i18n/en.json' with { type: 'json' };
import { businessSections, type Catalog, flattenCatalog } from '../common/i18n/locales.js';
import { isMenuGroup, signedInMenu } from './app/layout/menu-items.js';
import { catalogParts, homeKeys } from './catalog-parts.js';
import { reportMenuGroup } from './pages/uni/report-menu.js';

const plugin = catalogParts() as unknown as { resolveId: (id: string) => string | undefined; load: (this: { addWatchFile: () => void }, id: string) => string | undefined };
type Compiled = { [key: string]: MessageFormatElement[] | Compiled };

/** A part as the browser gets it: the module the plugin writes, run. */
async function part(id: string): Promise<Compiled> {
  const code = plugin.load.call({ addWatchFile: () => {} }, plugin.resolveId(id)!)!;
  return ((await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { default: Compiled }).default;
}

/** A catalog of texts with each message parsed, as a part must hold it. */
const parsed = (catalog: Catalog): Compiled =>
  Object.fromEntries(Object.entries(catalog).map(([key, value]) => [key, typeof value === 'string' ? parse(value) : parsed(value)]));

const flat = (catalog: Compiled, prefix = ''): Record<string, MessageFormatElement[]> => Object.fromEntries(Object.entries(catalog)
  .flatMap(([key, value]) => (Array.isArray(value) ? [[prefix + key, value]] : Object.entries(flat(value, `${prefix}${key}.`)))));

describe('catalog parts', () => {
  it('cuts a catalog in two by section, each message parsed: the public part holds no signed-in screen text, and together they are the catalog', async () => {
    const [common, business] = [await part('virtual:catalog/en/public'), await part('virtual:catalog/en/business')];
    expect(Object.keys(common).filter((section) => businessSections.includes(section))).toEqual([]);
    expect(Object.keys(business).sort()).toEqual([...businessSections].sort());
    expect({ ...common, ...business }).toEqual(parsed(en));
    expect(common.lookup).toEqual(parsed(en.lookup));
    // A plural message formats from its tree as from its text.
    const count = flat(common)['lookup.search.count']!;
    expect(new IntlMessageFormat(count, 'en').format({ count: 2, term: 'jeans' })).toBe('2 results for "jeans"');
  });

  it('gives the signed-in home its business texts alone, as they are in the catalog', async () => {
    const home = flat(await part('virtual:catalog/en/home'));
    const all = flattenCatalog(en as Catalog);
    expect(Object.keys(home).length).toBeGreaterThan(50);
    for (const [key, message] of Object.entries(home)) {
      expect(homeKeys.some((wanted) => key === wanted || key.startsWith(`${wanted}.`)), key).toBe(true);
      expect(message).toEqual(parse(all[key]!));
    }
    expect(Object.keys(home).filter((key) => key.startsWith('statements.')).every((key) => /^statements\.(menu|computing|values)\b/.test(key))).toBe(true);
    expect(Object.keys(all).filter((key) => key.startsWith('overview.')).every((key) => key in home)).toBe(true);
  });

  it('holds every label of the signed-in menu in the public or the home part, since the menu is drawn before the business part', async () => {
    const shown = { ...flat(await part('virtual:catalog/en/public')), ...flat(await part('virtual:catalog/en/home')) };
    const entries = [...signedInMenu, reportMenuGroup(['XNK-UTM-CO', 'BCQT', 'Tax'])!];
    const labels = entries.flatMap((entry) => (isMenuGroup(entry) ? [entry.labelId, ...entry.items.map((item) => item.labelId)] : [entry.labelId]));
    expect(labels.filter((label) => !(label in shown))).toEqual([]);
  });

  it('leaves other modules alone', () => {
    expect(plugin.resolveId('react')).toBeUndefined();
  });
});
