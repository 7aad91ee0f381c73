import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { loadFont } from '../theme/AppThemeProvider.js';
import { fontStack } from '../theme/create-theme.js';
import { FormattedMessage, useIntl } from 'react-intl';
import { isLocale, locales } from '../../../common/i18n/locales.js';
import { useConfig } from '../config/ConfigProvider.js';
import { fontFamilies, type LayoutConfig } from '../config/layout-config.js';
import { presetNames, presets } from '../theme/presets.js';

export const DRAWER_WIDTH = 400;

function Section({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ px: 3, py: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        <FormattedMessage id={titleId} />
      </Typography>
      {children}
    </Box>
  );
}

/** The customisation drawer: every choice is applied at once and kept in local storage. */
export function CustomizationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { config, update, reset } = useConfig();
  useEffect(() => {
    if (open) for (const font of fontFamilies) void loadFont(font);
  }, [open]);
  const choice = <K extends keyof LayoutConfig>(key: K) => (_event: unknown, value: LayoutConfig[K] | null) => {
    if (value !== null) update({ [key]: value } as Partial<LayoutConfig>);
  };

  return (
    <Drawer
      anchor={config.rtlLayout ? 'left' : 'right'}
      open={open}
      onClose={onClose}
      // Above the app bar, which stands above the navigation drawer's level.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: DRAWER_WIDTH } } } }}>
      <Stack direction="row" sx={{ px: 3, py: 2, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }} data-testid="customize-title">
          <FormattedMessage id="shell.customize.title" />
        </Typography>
        <IconButton onClick={onClose} aria-label={intl.formatMessage({ id: 'shell.snackbar.close' })}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Section titleId="shell.customize.mode">
        <ToggleButtonGroup exclusive fullWidth size="small" value={config.mode} onChange={choice('mode')} aria-label={intl.formatMessage({ id: 'shell.customize.mode' })}>
          <ToggleButton value="light" data-testid="mode-light"><FormattedMessage id="shell.customize.light" /></ToggleButton>
          <ToggleButton value="dark" data-testid="mode-dark"><FormattedMessage id="shell.customize.dark" /></ToggleButton>
        </ToggleButtonGroup>
      </Section>
      <Section titleId="shell.customize.layout">
        <ToggleButtonGroup exclusive fullWidth size="small" value={config.menuOrientation} onChange={choice('menuOrientation')} aria-label={intl.formatMessage({ id: 'shell.customize.layout' })}>
          <ToggleButton value="vertical"><FormattedMessage id="shell.customize.vertical" /></ToggleButton>
          <ToggleButton value="horizontal"><FormattedMessage id="shell.customize.horizontal" /></ToggleButton>
        </ToggleButtonGroup>
      </Section>
      <Section titleId="shell.customize.drawer">
        <ToggleButtonGroup
          exclusive fullWidth size="small"
          value={config.miniDrawer ? 'mini' : 'default'}
          onChange={(_event, value: string | null) => value && update({ miniDrawer: value === 'mini' })}
          disabled={config.menuOrientation === 'horizontal'}
          aria-label={intl.formatMessage({ id: 'shell.customize.drawer' })}
        >
          <ToggleButton value="default"><FormattedMessage id="shell.customize.drawerDefault" /></ToggleButton>
          <ToggleButton value="mini"><FormattedMessage id="shell.customize.drawerMini" /></ToggleButton>
        </ToggleButtonGroup>
      </Section>
      <Section titleId="shell.customize.font">
        <RadioGroup value={config.fontFamily} onChange={(event) => update({ fontFamily: event.target.value as LayoutConfig['fontFamily'] })}>
          {fontFamilies.map((font) => (
            <FormControlLabel key={font} value={font} control={<Radio size="small" />} label={<span style={{ fontFamily: fontStack(font) }} data-testid={`font-${font}`}>{font}</span>} />
          ))}
        </RadioGroup>
      </Section>
      <Section titleId="shell.customize.borderRadius">
        <Slider
          value={config.borderRadius} min={0} max={24} step={1} valueLabelDisplay="auto"
          onChange={(_event, value) => update({ borderRadius: value })}
          aria-label={intl.formatMessage({ id: 'shell.customize.borderRadius' })}
        />
      </Section>
      <Section titleId="shell.customize.presetColor">
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {presetNames.map((name) => {
            const colours = presets[name][config.mode];
            const selected = name === config.presetColor;
            const label = intl.formatMessage({ id: 'shell.customize.presetName' }, { name });
            return (
              <Tooltip key={name} title={label}>
                <IconButton
                  onClick={() => update({ presetColor: name })}
                  aria-label={label}
                  aria-pressed={selected}
                  sx={{
                    width: 44, height: 44, color: '#fff',
                    background: `linear-gradient(135deg, ${colours.primary} 50%, ${colours.secondary} 50%)`,
                    outline: selected ? 2 : 0, outlineColor: 'text.primary', outlineStyle: 'solid', outlineOffset: 2,
                    '&:hover': { opacity: 0.9, background: `linear-gradient(135deg, ${colours.primary} 50%, ${colours.secondary} 50%)` },
                  }}
                >
                  {selected && <CheckIcon fontSize="small" />}
                </IconButton>
              </Tooltip>
            );
          })}
        </Stack>
      </Section>
      <Section titleId="shell.customize.locale">
        <TextField
          select fullWidth size="small" value={config.locale}
          onChange={(event) => isLocale(event.target.value) && update({ locale: event.target.value })}
          slotProps={{ htmlInput: { 'aria-label': intl.formatMessage({ id: 'shell.customize.locale' }) } }}
        >
          {locales.map((locale) => (
            <MenuItem key={locale} value={locale} lang={locale}>{intl.formatMessage({ id: `languages.${locale}` })}</MenuItem>
          ))}
        </TextField>
      </Section>
      <Box sx={{ px: 3, py: 1 }}>
        <FormControlLabel
          control={<Switch checked={config.rtlLayout} onChange={(event) => update({ rtlLayout: event.target.checked })} />}
          label={<FormattedMessage id="shell.customize.direction" />}
        />
        <FormControlLabel
          control={<Switch checked={config.container} onChange={(event) => update({ container: event.target.checked })} />}
          label={<FormattedMessage id="shell.customize.container" />}
        />
      </Box>
      <Box sx={{ px: 3, py: 2, mt: 'auto' }}>
        <Button fullWidth variant="outlined" onClick={reset}>
          <FormattedMessage id="shell.customize.reset" />
        </Button>
      </Box>
    </Drawer>
  );
}
