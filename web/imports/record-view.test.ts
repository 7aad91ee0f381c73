import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '../../common/i18n/en.json' with { type: 'json' };
import ko from '../../common/i18n/ko.json' with { type: 'json' };
import vi from '../../common/i18n/vi.json' with { type: 'json' };
import { type Catalog, flattenCatalog } from '../../common/i18n/locales.js';
import type { ImportFailure } from '../../common/imports/coerce.js';
import { dateParts, failureMessage, rowMessageKey, runningRows } from './record-view.js';

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
    expect(rowMessageKey('No declaration of this folder set has the number 10580000099')).toEqual({ key: 'declarationNotFound', value: '10580000099' });
    expect(rowMessageKey('The declaration is in this folder set, but has no line 3')).toEqual({ key: 'lineNotFound', value: '3' });
    expect(rowMessageKey('The declaration is in this folder set, but has no line with the code NVL-7')).toEqual({ key: 'codeNotFound', value: 'NVL-7' });
    expect(rowMessageKey('Some message of another kind')).toBeNull();
  });
});

describe('import failures', () => {
  const failures: ImportFailure[] = [
    { code: 'rows_refused', values: { refused: 3, total: 40 } },
    { code: 'lines_unmatched', values: { count: 2 } },
    { code: 'unreadable', values: { reason: 'too_many_rows', limit: 50 } },
    { code: 'unreadable', values: { reason: 'encrypted' } },
    { code: 'unreadable', values: { reason: 'interrupted' } },
    { code: 'no_rows' }, { code: 'unexpected' }, { code: 'interrupted' }, { code: 'upload_missing' },
  ];

  it('reads every failure the server sends in each language, with its values', () => {
    for (const [locale, catalog] of Object.entries({ en, vi, ko })) {
      const texts = flattenCatalog(catalog as Catalog);
      for (const failure of failures) {
        const { id, values } = failureMessage(failure);
        expect(texts[id], `${locale} ${id}`).toBeDefined();
        const text = new IntlMessageFormat(texts[id]!, locale).format(values) as string;
        for (const value of Object.values('values' in failure ? failure.values : {})) if (typeof value === 'number') expect(text).toContain(String(value));
      }
    }
  });
});
