import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCode, levelOfCode, normaliseCode, parseCodeTerm, parseSection, toRoman } from './code.js';

const digitString = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

describe('HS code normalising and formatting', () => {
  it('formats as the tariff shows codes', () => {
    expect(formatCode('01')).toBe('01');
    expect(formatCode('0101')).toBe('01.01');
    expect(formatCode('01012')).toBe('0101.2');
    expect(formatCode('010121')).toBe('0101.21');
    expect(formatCode('0101210')).toBe('0101.21.0');
    expect(formatCode('85171300')).toBe('8517.13.00');
  });

  it('never loses a digit or a leading zero: formatting then normalising gives the digits back', () => {
    fc.assert(fc.property(digitString(1, 8), (digits) => {
      expect(normaliseCode(formatCode(digits))).toBe(digits);
      expect(formatCode(digits).replaceAll('.', '')).toBe(digits);
    }));
  });

  it('ignores dots and spaces wherever they are, and refuses anything that is not 1–8 digits', () => {
    fc.assert(fc.property(digitString(1, 8), fc.array(fc.constantFrom('.', ' '), { maxLength: 4 }), (digits, noise) => {
      const mixed = digits.split('').map((d, i) => d + (noise[i] ?? '')).join('');
      expect(normaliseCode(mixed)).toBe(digits);
    }));
    fc.assert(fc.property(digitString(9, 14), (digits) => { expect(normaliseCode(digits)).toBeUndefined(); }));
    expect(normaliseCode('')).toBeUndefined();
    expect(normaliseCode('01a1')).toBeUndefined();
    expect(normaliseCode('...')).toBeUndefined();
  });

  it('reads roman numerals of the 21 sections only', () => {
    for (let n = 1; n <= 21; n += 1) expect(parseSection(toRoman(n).toLowerCase())).toBe(toRoman(n));
    expect(toRoman(16)).toBe('XVI');
    expect(parseSection('XXII')).toBeUndefined();
    expect(parseSection('IIII')).toBeUndefined();
    expect(parseCodeTerm('xvi')).toEqual({ kind: 'section', section: 'XVI' });
    expect(parseCodeTerm('0101.21')).toEqual({ kind: 'code', digits: '010121', formatted: '0101.21' });
    expect(parseCodeTerm('horses')).toBeUndefined();
  });

  it('knows the level of a stored code', () => {
    expect(['XVI', '01', '0101', '010121', '01012100'].map(levelOfCode)).toEqual([1, 2, 4, 6, 8]);
  });
});
