import { describe, expect, it } from 'vitest';
import { defaultLayoutConfig, initialLocale, languageStorageKey, layoutStorageKey, readLayoutConfig, writeLayoutConfig } from './layout-config.js';

const memoryStorage = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
};

describe('layout configuration', () => {
  it('chooses the stored language, then the browser language, then Vietnamese', () => {
    expect(initialLocale(memoryStorage({ [languageStorageKey]: 'ko' }), ['en-US'])).toBe('ko');
    expect(initialLocale(memoryStorage({ [languageStorageKey]: 'fr' }), ['en-US'])).toBe('en');
    expect(initialLocale(memoryStorage(), ['fr-FR', 'ko-KR'])).toBe('ko');
    expect(initialLocale(memoryStorage(), ['fr-FR', 'de'])).toBe('vi');
  });

  it('defaults to Inter, radius 8, preset theme6, light mode', () => {
    const config = readLayoutConfig(memoryStorage(), []);
    expect(config).toEqual({ ...defaultLayoutConfig, locale: 'vi' });
    expect(config).toMatchObject({ fontFamily: 'Inter', borderRadius: 8, presetColor: 'theme6', mode: 'light' });
  });

  it('round-trips through storage and drops values that are no longer valid', () => {
    const storage = memoryStorage();
    writeLayoutConfig(storage, { ...defaultLayoutConfig, mode: 'dark', menuOrientation: 'horizontal', locale: 'en' });
    expect(readLayoutConfig(storage, [])).toMatchObject({ mode: 'dark', menuOrientation: 'horizontal', locale: 'en' });
    storage.setItem(layoutStorageKey, JSON.stringify({ mode: 'purple', borderRadius: 500, presetColor: 'nope', container: true }));
    expect(readLayoutConfig(storage, [])).toMatchObject({ mode: 'light', borderRadius: 8, presetColor: 'theme6', container: true });
    storage.setItem(layoutStorageKey, '{not json');
    expect(readLayoutConfig(storage, []).mode).toBe('light');
  });
});
