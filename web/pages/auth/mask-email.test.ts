import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.js';

describe('maskEmail', () => {
  it('keeps the first letters and the domain', () => {
    expect(maskEmail('someone@example.com')).toBe('so****@example.com');
    expect(maskEmail('kim.minjun@company.co.kr')).toBe('ki****@company.co.kr');
  });

  it('shows one letter of short names and hides the length', () => {
    expect(maskEmail('ab@x.vn')).toBe('a****@x.vn');
    expect(maskEmail('a@x.vn')).toBe('a****@x.vn');
    expect(maskEmail('abcdefghijklmnop@x.vn')).toBe('ab****@x.vn');
  });

  it('masks text without an at sign', () => {
    expect(maskEmail('nobody')).toBe('no****');
  });
});
