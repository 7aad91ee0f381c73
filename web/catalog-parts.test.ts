import { describe, expect, it } from 'vitest';
import en from '../common/i18n/en.json' with { type: 'json' };
import { businessSections, type Catalog, flattenCatalog } from '../common/i18n/locales.js';
import { isMenuGroup, signedInMenu } from './app/layout/menu-items.js';
import { catalogParts, homeKeys } from './catalog-parts.js';
import { reportMenuGroup } from './pages/uni/report-menu.js';

const plugin = catalogParts() as unknown as { resolveId: (id: string) => string | undefined; load: (this: { addWatchFile: () => void }, id: string) => string | undefined };
const part = (id: string) => JSON.parse(plugin.load.call({ addWatchFile: () => {} }, plugin.resolveId(id)!)!.replace(/^export default /, '').replace(/;$/, '')) as Record<string, unknown>;

describe('catalog parts', () => {
  it('cuts a catalog in two by section: the public part holds no signed-in screen text, and together they are the catalog', () => {
    const [common, business] = [part('virtual:catalog/en/public'), part('virtual:catalog/en/business')];
    expect(Object.keys(common).filter((section) => businessSections.includes(section))).toEqual([]);
    expect(Object.keys(business).sort()).toEqual([...businessSections].sort());
    expect({ ...common, ...business }).toEqual(en);
    expect(common.lookup).toEqual(en.lookup);
  });

  it('gives the signed-in home its business texts alone, as they are in the catalog', () => {
    const home = flattenCatalog(part('virtual:catalog/en/home') as Catalog);
    const all = flattenCatalog(en as Catalog);
    expect(Object.keys(home).length).toBeGreaterThan(50);
    for (const [key, text] of Object.entries(home)) {
      expect(homeKeys.some((wanted) => key === wanted || key.startsWith(`${wanted}.`)), key).toBe(true);
      expect(text).toBe(all[key]);
    }
    expect(Object.keys(home).filter((key) => key.startsWith('statements.')).every((key) => /^statements\.(menu|computing|values)\b/.test(key))).toBe(true);
    expect(Object.keys(all).filter((key) => key.startsWith('overview.')).every((key) => key in home)).toBe(true);
  });

  it('holds every label of the signed-in menu in the public or the home part, since the menu is drawn before the business part', () => {
    const shown = { ...flattenCatalog(part('virtual:catalog/en/public') as Catalog), ...flattenCatalog(part('virtual:catalog/en/home') as Catalog) };
    const entries = [...signedInMenu, reportMenuGroup(['XNK-UTM-CO', 'BCQT', 'Tax'])!];
    const labels = entries.flatMap((entry) => (isMenuGroup(entry) ? [entry.labelId, ...entry.items.map((item) => item.labelId)] : [entry.labelId]));
    expect(labels.filter((label) => !(label in shown))).toEqual([]);
  });

  it('leaves other modules alone', () => {
    expect(plugin.resolveId('react')).toBeUndefined();
  });
});
