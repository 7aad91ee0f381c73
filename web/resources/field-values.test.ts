import { describe, expect, it } from 'vitest';
import { choice, code, date, decimal, integer, text } from '../../common/resources/define.js';
import { editText, normalizeDecimal, parseFieldInput, sameValue } from './field-values.js';

describe('typed decimals', () => {
  it('reads either decimal convention', () => {
    expect(normalizeDecimal('1234.5')).toBe('1234.5');
    expect(normalizeDecimal('1,234.50')).toBe('1234.5');
    expect(normalizeDecimal('1.234,5')).toBe('1234.5');
    expect(normalizeDecimal('1 234,5')).toBe('1234.5');
    expect(normalizeDecimal('1.234.567')).toBe('1234567');
    expect(normalizeDecimal('0,25')).toBe('0.25');
    expect(normalizeDecimal('-007.100')).toBe('-7.1');
    expect(normalizeDecimal('.5')).toBe('0.5');
    expect(normalizeDecimal('12345678901234567890.123456')).toBe('12345678901234567890.123456');
  });

  it('refuses what is not a number', () => {
    expect(normalizeDecimal('')).toBeNull();
    expect(normalizeDecimal('12a')).toBeNull();
    expect(normalizeDecimal('1-2')).toBeNull();
    expect(normalizeDecimal('--1')).toBeNull();
  });
});

describe('field input', () => {
  it('empties optional fields and asks for required ones', () => {
    expect(parseFieldInput(text(), '  ')).toEqual({ ok: true, value: null });
    expect(parseFieldInput(code({ required: true }), '')).toEqual({ ok: false, problem: 'required' });
  });

  it('keeps codes as text, leading zeros included', () => {
    expect(parseFieldInput(code(), ' 0012 ')).toEqual({ ok: true, value: '0012' });
    expect(parseFieldInput(code({ maxLength: 3 }), '0012')).toEqual({ ok: false, problem: 'tooLong' });
  });

  it('sends decimals as strings and integers as numbers', () => {
    expect(parseFieldInput(decimal(), '1.234,5')).toEqual({ ok: true, value: '1234.5' });
    expect(parseFieldInput(decimal(), 'abc')).toEqual({ ok: false, problem: 'decimal' });
    expect(parseFieldInput(integer(), '42')).toEqual({ ok: true, value: 42 });
    expect(parseFieldInput(integer(), '4.2')).toEqual({ ok: false, problem: 'integer' });
  });

  it('accepts real dates only and known choices only', () => {
    expect(parseFieldInput(date(), '2026-02-28')).toEqual({ ok: true, value: '2026-02-28' });
    expect(parseFieldInput(date(), '2026-02-30')).toEqual({ ok: false, problem: 'date' });
    expect(parseFieldInput(date(), '28/02/2026')).toEqual({ ok: false, problem: 'date' });
    expect(parseFieldInput(choice(['material', 'product']), 'product')).toEqual({ ok: true, value: 'product' });
    expect(parseFieldInput(choice(['material', 'product']), 'scrap')).toEqual({ ok: false, problem: 'choice' });
  });

  it('tells an unchanged value from a changed one', () => {
    expect(sameValue(decimal(), '1234.50', '1234.5')).toBe(true);
    expect(sameValue(decimal(), '1234.5', '1234.6')).toBe(false);
    expect(sameValue(text(), null, null)).toBe(true);
    expect(sameValue(text(), 'a', null)).toBe(false);
    expect(sameValue(integer(), 3, 3)).toBe(true);
    expect(editText(null)).toBe('');
    expect(editText(12)).toBe('12');
  });
});
