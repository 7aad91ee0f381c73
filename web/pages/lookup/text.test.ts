import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../common/i18n/en.json' with { type: 'json' };
import ko from '../../../common/i18n/ko.json' with { type: 'json' };
import vi from '../../../common/i18n/vi.json' with { type: 'json' };
import { type Catalog, flattenCatalog } from '../../../common/i18n/locales.js';
import { issuers } from '../../../common/lookup/issuers.js';
import { codePath, issuerName, levelLabelId, localText, matchedText, yearChoices } from './text.js';

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

  it('names a regulation\'s issuer in the reader\'s language, however the source wrote it', () => {
    const [english, korean, vietnamese] = ([['en', en], ['ko', ko], ['vi', vi]] as const).map(([locale, catalog]) => createIntl({ locale, messages: flattenCatalog(catalog as Catalog) }));
    expect(issuerName(english!, 'CHÍNH PHỦ')).toBe('Government');
    expect(issuerName(english!, 'Bộ Tài Chính')).toBe('Ministry of Finance');
    expect(issuerName(english!, 'Tổng cục Hải quan')).toBe('General Department of Vietnam Customs');
    expect(issuerName(korean!, 'Bộ Công Thương')).toBe('산업무역부');
    expect(issuerName(korean!, 'Ngân hàng Nhà nước')).toBe('베트남 국가은행');
    expect(issuerName(vietnamese!, 'CHÍNH PHỦ')).toBe('Chính phủ');
    // One the lookup does not know stays as written.
    expect(issuerName(english!, 'UBND tỉnh Bình Dương')).toBe('UBND tỉnh Bình Dương');
    // Every known issuer reads back as itself in Vietnamese, and has its own name in the other languages.
    for (const [key, name] of Object.entries(issuers)) {
      expect(issuerName(vietnamese!, name), key).toBe(name);
      expect(issuerName(english!, name), key).not.toBe(name);
      expect(issuerName(korean!, name), key).not.toBe(name);
    }
  });
});

describe('the language a tariff text is shown in', () => {
  const line = { description: 'Xe mô tô', en_description: 'Motorcycles', ko_description: '' };

  it('shows a Korean reader the English text where the line has no Korean, and says it is the English field', () => {
    expect(localText(line, 'description', 'ko')).toEqual({ text: 'Motorcycles', field: 'en_description' });
    expect(matchedText(line, 'description', 'ko', undefined)).toMatchObject({ text: 'Motorcycles', lang: 'en' });
    expect(localText({ ...line, ko_description: '오토바이' }, 'description', 'ko')).toEqual({ text: '오토바이', field: 'ko_description' });
  });

  it('falls back to Vietnamese for a line without English, and keeps the interface language where it has text', () => {
    expect(localText({ ...line, en_description: '' }, 'description', 'ko')).toEqual({ text: 'Xe mô tô', field: 'description' });
    expect(localText(line, 'description', 'en')).toEqual({ text: 'Motorcycles', field: 'en_description' });
    expect(localText(line, 'description', 'vi')).toEqual({ text: 'Xe mô tô', field: 'description' });
  });
});
