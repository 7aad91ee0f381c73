import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '../../common/i18n/en.json' with { type: 'json' };
import ko from '../../common/i18n/ko.json' with { type: 'json' };
import vi from '../../common/i18n/vi.json' with { type: 'json' };
import { countPrecision } from './use-row-deletion.js';

const title = (catalog: typeof en, locale: string, precision: string) =>
  new IntlMessageFormat(catalog.table.delete.allTitle, locale).format({ count: 150000, precision, table: 'ECUS' });

describe('the delete confirmation', () => {
  it('says "about" or "more than" when the list did not count every row it would delete', () => {
    expect(countPrecision({ count_estimated: true })).toBe('estimated');
    expect(countPrecision({ count_capped: true })).toBe('capped');
    expect(countPrecision({})).toBe('exact');
    expect(title(en, 'en', 'estimated')).toBe('Delete all about 150,000 rows of ECUS?');
    expect(title(en, 'en', 'capped')).toBe('Delete all more than 150,000 rows of ECUS?');
    expect(title(en, 'en', 'exact')).toBe('Delete all 150,000 rows of ECUS?');
    expect(title(vi, 'vi', 'estimated')).toBe('Xóa toàn bộ khoảng 150.000 dòng của ECUS?');
    expect(title(ko, 'ko', 'capped')).toBe('ECUS의 150,000행 이상을 모두 삭제할까요?');
  });
});
