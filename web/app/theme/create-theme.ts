import { createTheme, type Theme } from '@mui/material/styles';
import type { LayoutConfig } from '../config/layout-config.js';
import { presets } from './presets.js';

/** Hangul is not in Inter, Roboto or Poppins: fall back to fonts that have it. */
const fallbackFonts = "'Noto Sans KR', 'NanumGothic', 'Apple SD Gothic Neo', 'Segoe UI', sans-serif";

/** A font with its fallbacks, as the theme and the font choice's previews write it. */
export const fontStack = (font: string) => `'${font}', ${fallbackFonts}`;

export function createAppTheme(config: LayoutConfig): Theme {
  const colours = presets[config.presetColor][config.mode];
  const dark = config.mode === 'dark';
  return createTheme({
    direction: config.rtlLayout ? 'rtl' : 'ltr',
    palette: {
      mode: config.mode,
      primary: { main: colours.primary },
      secondary: { main: colours.secondary },
      background: dark ? { default: '#0f1a17', paper: '#15231f' } : { default: '#f4f6f5', paper: '#ffffff' },
    },
    shape: { borderRadius: config.borderRadius },
    typography: {
      fontFamily: fontStack(config.fontFamily),
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 600 },
      h4: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // Korean breaks between any two syllables by default, cutting words in narrow headers ('재수/출'): break at spaces.
      MuiCssBaseline: { styleOverrides: { 'html:lang(ko) body': { wordBreak: 'keep-all', overflowWrap: 'break-word' } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiButtonBase: { defaultProps: { disableRipple: false } },
    },
  });
}
