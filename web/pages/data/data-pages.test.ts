import { describe, expect, it } from 'vitest';
import { resourceNamed } from '../../../common/resources/index.js';
import { dataPages, ftaPages, tabOf } from './data-pages.js';

describe('data pages', () => {
  it('name only tables that exist, each on one screen', () => {
    const names = [...dataPages.flatMap((page) => page.tabs), ...ftaPages.map((page) => page.resource)];
    for (const name of names) expect(resourceNamed(name).name).toBe(name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('open the first tab when the path names none or an unknown one', () => {
    const exim = dataPages.find((page) => page.id === 'exim');
    if (!exim) throw new Error('no exim page');
    expect(tabOf(exim, undefined)).toBe('ecus');
    expect(tabOf(exim, 'nope')).toBe('ecus');
    expect(tabOf(exim, 'statement-15A')).toBe('statement-15A');
  });
});
