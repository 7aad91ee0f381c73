import { describe, expect, it } from 'vitest';
import en from '../common/i18n/en.json' with { type: 'json' };
import { businessSections } from '../common/i18n/locales.js';
import { catalogParts } from './catalog-parts.js';

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

  it('leaves other modules alone', () => {
    expect(plugin.resolveId('react')).toBeUndefined();
  });
});
