import { describe, expect, it } from 'vitest';
import { codePath, levelLabelId, yearChoices } from './text.js';

describe('lookup page helpers', () => {
  it('opens a group row at its code\'s page, and labels it as a group whatever its depth', () => {
    expect(codePath('853650~1')).toBe('/853650#853650~1');
    expect(codePath('0101~1~2')).toBe('/0101#0101~1~2');
    expect(codePath('85166010')).toBe('/85166010');
    expect(levelLabelId({ id: '853650~1', level: 7 })).toBe('lookup.level.group');
    expect(levelLabelId({ id: '8415~1', level: 5 })).toBe('lookup.level.group');
    expect(levelLabelId({ id: '8415', level: 4 })).toBe('lookup.level.4');
  });

  it('offers the years that hold lines, and the one shown, newest first', () => {
    expect(yearChoices([2025, 2022], 2025)).toEqual([2025, 2022]);
    expect(yearChoices(undefined, 2025)).toEqual([2025]);
    expect(yearChoices([2025], 2019)).toEqual([2025, 2019]);
  });
});
