import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from './fold.js';
import { slugify } from './slug.js';

describe('slugify', () => {
  it('folds Vietnamese accents and đ', () => {
    expect(slugify('Công ty TNHH Đông Á')).toBe('cong-ty-tnhh-dong-a');
    expect(fold('Cà phê đậu')).toBe('ca phe dau');
  });

  it('always yields lowercase ASCII words joined by single dashes', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const slug = slugify(text);
      expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      expect(slug.length).toBeLessThanOrEqual(50);
    }));
  });
});
