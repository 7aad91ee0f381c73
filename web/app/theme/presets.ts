/** Colour presets of the customisation panel: primary and secondary per screen mode. */
export const presets = {
  default: { light: { primary: '#2196f3', secondary: '#673ab7' }, dark: { primary: '#64b5f6', secondary: '#b39ddb' } },
  theme1: { light: { primary: '#203461', secondary: '#ec407a' }, dark: { primary: '#7c9ee0', secondary: '#f48fb1' } },
  theme2: { light: { primary: '#37474f', secondary: '#00897b' }, dark: { primary: '#90a4ae', secondary: '#4db6ac' } },
  theme3: { light: { primary: '#0a2342', secondary: '#2ca58d' }, dark: { primary: '#7fa7d9', secondary: '#5fd0b6' } },
  theme4: { light: { primary: '#4527a0', secondary: '#ff7043' }, dark: { primary: '#9f8be0', secondary: '#ffab91' } },
  theme5: { light: { primary: '#ad1457', secondary: '#5e35b1' }, dark: { primary: '#f06292', secondary: '#9575cd' } },
  // Dutybook's own: customs green with a seal-amber accent.
  theme6: { light: { primary: '#0b6e4f', secondary: '#c05a0c' }, dark: { primary: '#4fc39a', secondary: '#f4a340' } },
} as const;

export type PresetName = keyof typeof presets;
export const presetNames = Object.keys(presets) as PresetName[];
export const isPresetName = (value: unknown): value is PresetName => typeof value === 'string' && value in presets;
