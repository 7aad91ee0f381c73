import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { locales } from '../../../common/i18n/locales.js';
import { useConfig } from '../config/ConfigProvider.js';

/** EN / VI / KO in the header; the choice applies to the whole app and is remembered. */
export function LanguageSwitcher() {
  const intl = useIntl();
  const { config, update } = useConfig();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={intl.formatMessage({ id: 'shell.header.language' })}
        aria-haspopup="menu"
        data-testid="language-switcher"
      >
        {config.locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {locales.map((locale) => (
          <MenuItem
            key={locale}
            selected={locale === config.locale}
            lang={locale}
            onClick={() => { update({ locale }); setAnchor(null); }}
          >
            <strong style={{ width: 32 }}>{locale.toUpperCase()}</strong>
            {intl.formatMessage({ id: `languages.${locale}` })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
