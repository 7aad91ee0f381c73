import { describe, expect, it } from 'vitest';
import { dateParts, rowMessageKey, runningRows } from './record-view.js';

describe('running import', () => {
  it('counts rows done out of the total once a share is reported', () => {
    expect(runningRows({ progress: 40, total_rows: 30 })).toEqual({ kind: 'share', done: 12, total: 30 });
    expect(runningRows({ progress: 100, total_rows: 7 })).toEqual({ kind: 'share', done: 7, total: 7 });
  });

  it('tells the rows read while the total is unknown', () => {
    expect(runningRows({ progress: 0, total_rows: 5000 })).toEqual({ kind: 'read', read: 5000 });
    expect(runningRows({ progress: 0, total_rows: 0 })).toEqual({ kind: 'starting' });
    expect(runningRows({ progress: 0, total_rows: null })).toEqual({ kind: 'starting' });
  });
});

describe('record dates', () => {
  it('reads calendar days and instants', () => {
    expect(dateParts('2026-03-02')).toEqual({ time: Date.UTC(2026, 2, 2), dateOnly: true });
    expect(dateParts('2026-03-02T08:30:00.000Z')).toEqual({ time: Date.UTC(2026, 2, 2, 8, 30), dateOnly: false });
    expect(dateParts('yesterday')).toBeNull();
  });
});

describe('row messages', () => {
  it('knows the shared import messages', () => {
    expect(rowMessageKey('Not a number')).toEqual({ key: 'number' });
    expect(rowMessageKey('Not a date (use dd/mm/yyyy or yyyy-mm-dd)')).toEqual({ key: 'date' });
    expect(rowMessageKey('The cell holds an error value #N/A')).toEqual({ key: 'errorValue', value: '#N/A' });
    expect(rowMessageKey('No declaration line of this folder set matches this row.')).toEqual({ key: 'unmatched' });
    expect(rowMessageKey('Some message of another kind')).toBeNull();
  });
});
