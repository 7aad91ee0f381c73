import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useConfig } from '../config/ConfigProvider.js';
import { createAppTheme } from './create-theme.js';

const ltrCache = createCache({ key: 'mui' });
/**
 * Right-to-left flips margins, paddings and positions in the generated CSS. None of the interface languages is
 * written right to left, so the flipping plugin loads only when a user turns the layout over.
 */
let rtlCache: EmotionCache | undefined;
const loadRtlCache = async (): Promise<EmotionCache> => {
  rtlCache ??= createCache({ key: 'muirtl', stylisPlugins: [(await import('stylis-plugin-rtl')).default] });
  return rtlCache;
};

/** Loads a font's files only when it is chosen; Inter ships with the main bundle. */
const fontLoaders: Record<string, (() => Promise<unknown>) | undefined> = {
  Roboto: () => Promise.all([import('@fontsource/roboto/400.css'), import('@fontsource/roboto/500.css'), import('@fontsource/roboto/700.css')]),
  Poppins: () => Promise.all([import('@fontsource/poppins/400.css'), import('@fontsource/poppins/500.css'), import('@fontsource/poppins/600.css')]),
};

/** Loads a font's files (the customisation panel previews every font in its own face). */
export const loadFont = (font: string) => fontLoaders[font]?.();

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { config } = useConfig();
  const theme = useMemo(() => createAppTheme(config), [config]);
  const [loadedRtlCache, setLoadedRtlCache] = useState(rtlCache);
  useEffect(() => {
    if (config.rtlLayout && !loadedRtlCache) void loadRtlCache().then(setLoadedRtlCache);
  }, [config.rtlLayout, loadedRtlCache]);
  useEffect(() => {
    document.documentElement.dir = config.rtlLayout ? 'rtl' : 'ltr';
    document.documentElement.dataset.mode = config.mode;
    void loadFont(config.fontFamily);
  }, [config.rtlLayout, config.mode, config.fontFamily]);
  return (
    <CacheProvider value={config.rtlLayout && loadedRtlCache ? loadedRtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
