import { defaultLocale, isLocale, type Locale, localeOfLanguageTag } from '../../../common/i18n/locales.js';
import { isPresetName, type PresetName } from '../theme/presets.js';

export const fontFamilies = ['Inter', 'Roboto', 'Poppins'] as const;
export type FontFamily = (typeof fontFamilies)[number];

/** Everything the customisation panel changes; kept in local storage. */
export interface LayoutConfig {
  menuOrientation: 'vertical' | 'horizontal';
  miniDrawer: boolean;
  fontFamily: FontFamily;
  borderRadius: number;
  presetColor: PresetName;
  mode: 'light' | 'dark';
  locale: Locale;
  rtlLayout: boolean;
  container: boolean;
}

export const defaultLayoutConfig: Omit<LayoutConfig, 'locale'> = {
  menuOrientation: 'vertical',
  miniDrawer: false,
  fontFamily: 'Inter',
  borderRadius: 8,
  presetColor: 'theme6',
  mode: 'light',
  rtlLayout: false,
  container: false,
};

export const layoutStorageKey = 'dutybook.layout';
/** The spec stores the language on its own under this key. */
export const languageStorageKey = 'language';

/** Local storage `language`, else the browser's language when it is one of ours, else Vietnamese. */
export function initialLocale(storage: Pick<Storage, 'getItem'>, browserLanguages: readonly string[]): Locale {
  const stored = storage.getItem(languageStorageKey);
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const locale = localeOfLanguageTag(tag);
    if (locale) return locale;
  }
  return defaultLocale;
}

/** Reads the stored configuration, keeping only values that are still valid. */
export function readLayoutConfig(storage: Pick<Storage, 'getItem'>, browserLanguages: readonly string[]): LayoutConfig {
  let stored: Partial<Record<keyof LayoutConfig, unknown>> = {};
  try {
    stored = JSON.parse(storage.getItem(layoutStorageKey) ?? '{}') as typeof stored;
  } catch {
    stored = {};
  }
  const pick = <K extends keyof typeof defaultLayoutConfig>(key: K, valid: (value: unknown) => boolean) =>
    (valid(stored[key]) ? stored[key] : defaultLayoutConfig[key]) as LayoutConfig[K];
  return {
    menuOrientation: pick('menuOrientation', (v) => v === 'vertical' || v === 'horizontal'),
    miniDrawer: pick('miniDrawer', (v) => typeof v === 'boolean'),
    fontFamily: pick('fontFamily', (v) => (fontFamilies as readonly unknown[]).includes(v)),
    borderRadius: pick('borderRadius', (v) => typeof v === 'number' && v >= 0 && v <= 24),
    presetColor: pick('presetColor', isPresetName),
    mode: pick('mode', (v) => v === 'light' || v === 'dark'),
    rtlLayout: pick('rtlLayout', (v) => typeof v === 'boolean'),
    container: pick('container', (v) => typeof v === 'boolean'),
    locale: initialLocale(storage, browserLanguages),
  };
}

export function writeLayoutConfig(storage: Pick<Storage, 'setItem'>, config: LayoutConfig): void {
  const { locale, ...layout } = config;
  storage.setItem(layoutStorageKey, JSON.stringify(layout));
  storage.setItem(languageStorageKey, locale);
}
