import { describe, expect, it } from 'vitest';
import en from '../../../common/i18n/en.json' with { type: 'json' };
import ko from '../../../common/i18n/ko.json' with { type: 'json' };
import vi from '../../../common/i18n/vi.json' with { type: 'json' };
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

  it('name the typed-in statements apart from the computed reports of the same form', () => {
    for (const catalog of [vi, en, ko]) {
      const typedIn = [catalog.resources['statement-15'], catalog.resources['statement-15A']];
      const computed = [catalog.statements.tabs['statement-15'], catalog.statements.tabs['statement-15a']];
      for (const title of typedIn) {
        expect(computed).not.toContain(title);
        expect(title).toMatch(/nhập tay|typed in|직접 입력/);
      }
    }
  });
});
