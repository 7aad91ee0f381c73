import { describe, expect, it } from 'vitest';
import { withYear } from './folder-period.js';

describe('changing a folder set\'s year', () => {
  it('moves a calendar-year period and a name that was the year', () => {
    expect(withYear({ name: '2026', year: '2026', date_start: '2026-01-01', date_end: '2026-12-31' }, '2024'))
      .toEqual({ name: '2024', year: '2024', date_start: '2024-01-01', date_end: '2024-12-31' });
  });

  it('moves a fiscal year by whole years and keeps a name of the user\'s own', () => {
    expect(withYear({ name: 'Quyết toán', year: '2025', date_start: '2025-04-01', date_end: '2026-03-31' }, '2027'))
      .toEqual({ name: 'Quyết toán', year: '2027', date_start: '2027-04-01', date_end: '2028-03-31' });
  });

  it('ends February on its last day and waits for four digits', () => {
    expect(withYear({ name: 'x', year: '2024', date_start: '2023-03-01', date_end: '2024-02-29' }, '2025').date_end).toBe('2025-02-28');
    expect(withYear({ name: 'x', year: '2026', date_start: '2026-01-01', date_end: '2026-12-31' }, '202')).toEqual({ name: 'x', year: '202', date_start: '2026-01-01', date_end: '2026-12-31' });
  });
});
