import { describe, expect, it } from 'vitest';
import { localText, matchedText } from './text.js';

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
