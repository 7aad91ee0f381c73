import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../text/fold.js';
import { escapeHtml, highlight, highlightPieces } from './highlight.js';
import { normaliseYear, parseQuery } from './query.js';

describe('search term reading', () => {
  it('trims, collapses whitespace and treats an empty term as match-all', () => {
    expect(parseQuery('   ')).toEqual({ kind: 'all' });
    expect(parseQuery('  live   horses ')).toEqual({ kind: 'text', text: 'live horses', words: ['live', 'horses'], phrases: [], ignored: [] });
  });
  it('reads codes and sections as code lookups', () => {
    expect(parseQuery(' 0101 ')).toEqual({ kind: 'code', code: { kind: 'code', digits: '0101', formatted: '01.01' } });
    expect(parseQuery('8517.13.00')).toEqual({ kind: 'code', code: { kind: 'code', digits: '85171300', formatted: '8517.13.00' } });
    expect(parseQuery('XVI')).toEqual({ kind: 'code', code: { kind: 'section', section: 'XVI' } });
  });
  it('keeps quoted phrases and makes the whole term a phrase in exact mode', () => {
    expect(parseQuery('"pure-bred breeding" horses')).toEqual({ kind: 'text', text: 'pure-bred breeding horses', words: ['horses'], phrases: ['pure-bred breeding'], ignored: [] });
    expect(parseQuery('live horses', { exact: true })).toEqual({ kind: 'text', text: 'live horses', words: [], phrases: ['live horses'], ignored: [] });
    // Words without a letter or digit name nothing; a query of them alone is no text query.
    expect(parseQuery('! |')).toEqual({ kind: 'all' });
    expect(parseQuery('máy | bơm')).toMatchObject({ words: ['máy', 'bơm'] });
    // Only the first twelve words are searched, the others named.
    const long = Array.from({ length: 40 }, (_, index) => `w${index}`);
    expect(parseQuery(long.join(' '))).toMatchObject({ words: long.slice(0, 12), ignored: long.slice(12) });
    expect(parseQuery(`"${long.slice(0, 10).join(' ')}" a b c d`)).toMatchObject({ phrases: [long.slice(0, 10).join(' ')], words: ['a', 'b'], ignored: ['c', 'd'] });
    expect(parseQuery(long.join(' '), { exact: true })).toMatchObject({ phrases: [long.slice(0, 12).join(' ')], ignored: long.slice(12) });
  });
  it('accepts stored years 2017–2023 and reads anything else as 2025', () => {
    expect([2017, 2023, 2024, 2016, 'x', undefined].map(normaliseYear)).toEqual([2017, 2023, 2025, 2025, 2025, 2025]);
  });
});

describe('folding and highlighting', () => {
  it('folds Vietnamese accents and đ but keeps Hangul intact', () => {
    expect(fold('Cà phê ĐEN')).toBe('ca phe den');
    expect(fold('살아 있는 말')).toBe('살아 있는 말');
  });
  it('marks accent-insensitive matches in the original text', () => {
    expect(highlight('Cà phê, chưa rang', ['ca phe'])).toBe('<em>Cà phê</em>, chưa rang');
    expect(highlight('Horses; live', ['horse', 'live'])).toBe('<em>Horses</em>; <em>live</em>');
    expect(highlight('Cà phê cao cấp, cá', ['ca'])).toBe('<em>Cà</em> phê cao cấp, <em>cá</em>');
    expect(highlight('Nồi nấu cơm điện', ['noi com'.split(' ')].flat())).toBe('<em>Nồi</em> nấu <em>cơm</em> điện');
    expect(highlight('8516.60.10', ['8516'])).toBe('<em>8516</em>.60.10');
    expect(highlight('Horses', ['cat'])).toBeUndefined();
  });
  it('escapes HTML before marking, so no markup but ours survives', () => {
    fc.assert(fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 3 }), (text, term) => {
      const html = highlight(text, [term]) ?? escapeHtml(text);
      expect(html.replace(/<\/?em>/g, '')).not.toMatch(/[<>]/);
      expect(highlightPieces(html).map((p) => p.text).join('')).toBe(text);
    }));
    expect(highlight('<b>horse</b>', ['horse'])).toBe('&lt;b&gt;<em>horse</em>&lt;/b&gt;');
  });
});
