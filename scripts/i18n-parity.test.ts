import { describe, expect, it } from 'vitest';
import { catalogProblems, placeholdersOf } from './i18n-parity.js';

describe('i18n parity check', () => {
  it('accepts catalogs with the same keys and placeholders', () => {
    expect(catalogProblems({ en: { a: 'Hi {name}' }, vi: { a: 'Chào {name}' } })).toEqual([]);
  });

  it('reports missing and extra keys', () => {
    const problems = catalogProblems({ en: { a: 'A', b: 'B' }, ko: { a: 'A', c: 'C' } });
    expect(problems).toEqual(['ko: missing b', 'ko: extra key c']);
  });

  it('reports differing placeholders, including inside plurals', () => {
    expect(catalogProblems({ en: { a: '{n, plural, one {# row of {table}} other {# rows}}' }, vi: { a: '{n, plural, other {# dòng}}' } }))
      .toEqual(['vi: a has placeholders [n:plural], en has [n:plural,table:argument]']);
    expect(placeholdersOf('{count} results for "{term}"')).toEqual(['count:argument', 'term:argument']);
  });

  it('reports a message that is not valid ICU', () => {
    expect(catalogProblems({ en: { a: 'ok' }, vi: { a: 'broken {' } })[0]).toMatch(/vi: a is not a valid ICU message/);
  });
});
