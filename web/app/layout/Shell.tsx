import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { useConfig } from '../config/ConfigProvider.js';
import { CustomizationPanel } from './CustomizationPanel.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import type { MenuItem } from './menu-items.js';

const NAV_WIDTH = 260;
const MINI_NAV_WIDTH = 72;

const isActive = (item: MenuItem, pathname: string) =>
  matchPath({ path: item.path, end: item.path === '/' }, pathname) !== null;

function Brand() {
  return (
    <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}>
      <Box component="img" src="favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: '-0.01em' }}>
        <FormattedMessage id="shell.appName" />
      </Typography>
    </Box>
  );
}

function VerticalMenu({ menu, mini, onNavigate }: { menu: MenuItem[]; mini: boolean; onNavigate?: () => void }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <List component="nav" aria-label={intl.formatMessage({ id: 'shell.menu.title' })} sx={{ px: 1 }}>
      {menu.map((item) => {
        const label = intl.formatMessage({ id: item.labelId });
        const Icon = item.icon;
        const button = (
          <ListItemButton
            key={item.id}
            component={RouterLink}
            to={item.path}
            selected={isActive(item, pathname)}
            onClick={onNavigate}
            aria-label={mini ? label : undefined}
            sx={{ borderRadius: 1, mb: 0.5, justifyContent: mini ? 'center' : 'flex-start' }}
          >
            <ListItemIcon sx={{ minWidth: mini ? 0 : 40 }}><Icon /></ListItemIcon>
            {!mini && <ListItemText primary={label} />}
          </ListItemButton>
        );
        return mini ? <Tooltip key={item.id} title={label} placement="right">{button}</Tooltip> : button;
      })}
    </List>
  );
}

function HorizontalMenu({ menu }: { menu: MenuItem[] }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <Stack component="nav" direction="row" spacing={0.5} aria-label={intl.formatMessage({ id: 'shell.menu.title' })} sx={{ overflowX: 'auto' }}>
      {menu.map((item) => {
        const Icon = item.icon;
        const active = isActive(item, pathname);
        return (
          <Button key={item.id} component={RouterLink} to={item.path} startIcon={<Icon />} color={active ? 'primary' : 'inherit'} aria-current={active ? 'page' : undefined}>
            <FormattedMessage id={item.labelId} />
          </Button>
        );
      })}
    </Stack>
  );
}

/**
 * The frame of every page: header (brand, language, account or sign-in, customisation) and the menu,
 * drawn as a side drawer (default or mini) or a bar under the header, as the layout configuration says.
 */
export function Shell({ menu, headerActions, drawerHeader, children }: {
  menu: MenuItem[];
  headerActions?: ReactNode;
  /** Drawn above the side menu while it is shown at full width (e.g. the company switcher). */
  drawerHeader?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const theme = useTheme();
  const { config, update } = useConfig();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const vertical = config.menuOrientation === 'vertical' || !isDesktop;
  const navWidth = config.miniDrawer ? MINI_NAV_WIDTH : NAV_WIDTH;
  const toggleMenu = () => (isDesktop ? update({ miniDrawer: !config.miniDrawer }) : setMobileOpen((open) => !open));
  const menuOpen = isDesktop ? !config.miniDrawer : mobileOpen;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box component="a" href="#main" sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}>
        <FormattedMessage id="shell.skipToContent" />
      </Box>
      <AppBar position="fixed" sx={{ zIndex: theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          {vertical && (
            <IconButton
              edge="start"
              onClick={toggleMenu}
              aria-label={intl.formatMessage({ id: menuOpen ? 'shell.header.closeMenu' : 'shell.header.openMenu' })}
              aria-expanded={menuOpen}
            >
              {menuOpen ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
          )}
          <Brand />
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSwitcher />
          {headerActions}
          <Tooltip title={intl.formatMessage({ id: 'shell.header.customize' })}>
            <IconButton onClick={() => setCustomizing(true)} aria-label={intl.formatMessage({ id: 'shell.header.customize' })} data-testid="open-customization">
              <SettingsOutlined />
            </IconButton>
          </Tooltip>
        </Toolbar>
        {!vertical && (
          <Toolbar variant="dense" sx={{ borderTop: 1, borderColor: 'divider' }}>
            <HorizontalMenu menu={menu} />
          </Toolbar>
        )}
      </AppBar>

      {vertical && isDesktop && (
        <Drawer
          variant="permanent"
          sx={{ width: navWidth, flexShrink: 0, '& .MuiDrawer-paper': { width: navWidth, boxSizing: 'border-box', transition: theme.transitions.create('width') } }}
        >
          <Toolbar />
          {!config.miniDrawer && drawerHeader}
          <VerticalMenu menu={menu} mini={config.miniDrawer} />
        </Drawer>
      )}
      {vertical && !isDesktop && (
        <Drawer variant="temporary" open={mobileOpen} onClose={() => setMobileOpen(false)} ModalProps={{ keepMounted: true }} sx={{ '& .MuiDrawer-paper': { width: NAV_WIDTH } }}>
          <Toolbar />
          {drawerHeader}
          <VerticalMenu menu={menu} mini={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}

      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
        <Toolbar />
        {!vertical && <Toolbar variant="dense" />}
        {config.container ? <Container maxWidth="lg" sx={{ py: 3 }}>{children}</Container> : <Box sx={{ p: { xs: 2, md: 3 } }}>{children}</Box>}
      </Box>
      <CustomizationPanel open={customizing} onClose={() => setCustomizing(false)} />
    </Box>
  );
}
