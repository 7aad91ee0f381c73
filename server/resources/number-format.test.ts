import { describe, expect, it } from 'vitest';
import { quantityFormat } from './number-format.js';

describe('quantity formats', () => {
  it('shows whole numbers without a separator and others with exactly their decimals', () => {
    expect(quantityFormat('1200')).toBe('#,##0');
    expect(quantityFormat('1200.000')).toBe('#,##0');
    expect(quantityFormat('82.296')).toBe('#,##0.000');
    expect(quantityFormat(0.1 + 0.2)).toBe('#,##0.0');
    expect(quantityFormat('0.0000004')).toBe('#,##0');
    expect(quantityFormat(-3.5, true)).toBe('#,##0.0;[Red]-#,##0.0');
  });
});
