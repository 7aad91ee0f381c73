import { describe, expect, it } from 'vitest';
import { secondsLeft } from './countdown.js';

describe('secondsLeft', () => {
  it('counts down from 10 in whole seconds and stops at 0', () => {
    const end = 10_000;
    expect(secondsLeft(end, 0)).toBe(10);
    expect(secondsLeft(end, 1)).toBe(10);
    expect(secondsLeft(end, 1000)).toBe(9);
    expect(secondsLeft(end, 9_999)).toBe(1);
    expect(secondsLeft(end, 10_000)).toBe(0);
    expect(secondsLeft(end, 60_000)).toBe(0);
  });
});
