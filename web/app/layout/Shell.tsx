import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MuiMenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Fragment, lazy, type ReactNode, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { useConfig } from '../config/ConfigProvider.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { isMenuGroup, type MenuEntry, type MenuGroup, type MenuItem } from './menu-items.js';

// Few visitors open the customisation drawer: its controls (slider, radios, switches) load on the first opening.
const CustomizationPanel = lazy(async () => ({ default: (await import('./CustomizationPanel.js')).CustomizationPanel }));

const NAV_WIDTH = 260;
const MINI_NAV_WIDTH = 72;

const isActive = (item: MenuItem, pathname: string) =>
  matchPath({ path: item.path, end: item.path === '/' }, pathname) !== null;

/** The logo and name, home; on a phone the logo alone, named for screen readers, so the header's controls fit beside it. */
function Brand() {
  const intl = useIntl();
  return (
    <Box component={RouterLink} to="/" aria-label={intl.formatMessage({ id: 'shell.appName' })} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', flexShrink: 0 }}>
      <Box component="img" src="favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
      <Typography variant="h6" component="span" sx={{ display: { xs: 'none', sm: 'inline' }, fontWeight: 700, letterSpacing: '-0.01em' }}>
        <FormattedMessage id="shell.appName" />
      </Typography>
    </Box>
  );
}

function VerticalMenuItem({ item, mini, onNavigate }: { item: MenuItem; mini: boolean; onNavigate?: () => void }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const label = intl.formatMessage({ id: item.labelId });
  const Icon = item.icon;
  // A collapsed menu names its items in a native tooltip: MUI's would bring a positioning library into every page.
  return (
    <ListItemButton
      component={RouterLink}
      to={item.path}
      selected={isActive(item, pathname)}
      onClick={onNavigate}
      aria-label={mini ? label : undefined}
      title={mini ? label : undefined}
      sx={{ borderRadius: 1, mb: 0.5, justifyContent: mini ? 'center' : 'flex-start' }}
    >
      <ListItemIcon sx={{ minWidth: mini ? 0 : 40 }}><Icon /></ListItemIcon>
      {!mini && <ListItemText primary={label} />}
    </ListItemButton>
  );
}

/** The side menu; a group's heading is a subheader, or a divider in the mini drawer where no text fits. */
function VerticalMenu({ menu, mini, onNavigate }: { menu: MenuEntry[]; mini: boolean; onNavigate?: () => void }) {
  const intl = useIntl();
  return (
    <List component="nav" aria-label={intl.formatMessage({ id: 'shell.menu.title' })} sx={{ px: 1 }}>
      {menu.map((entry, index) => {
        if (!isMenuGroup(entry)) {
          // A plain entry after a group starts a new section.
          const afterGroup = index > 0 && isMenuGroup(menu[index - 1] as MenuEntry);
          return (
            <Fragment key={entry.id}>
              {afterGroup && <Divider sx={{ my: 1 }} />}
              <VerticalMenuItem item={entry} mini={mini} onNavigate={onNavigate} />
            </Fragment>
          );
        }
        return (
          <Box component="li" key={entry.id} sx={{ listStyle: 'none' }}>
            <List disablePadding aria-labelledby={`menu-group-${entry.id}`}>
              {mini ? (
                index > 0 && <Divider sx={{ my: 1 }} id={`menu-group-${entry.id}`} aria-label={intl.formatMessage({ id: entry.labelId })} />
              ) : (
                <ListSubheader
                  id={`menu-group-${entry.id}`}
                  disableSticky
                  sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: index > 0 ? 1 : 0, fontSize: '0.72rem', fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase' }}
                >
                  <FormattedMessage id={entry.labelId} />
                </ListSubheader>
              )}
              {entry.items.map((item) => <VerticalMenuItem key={item.id} item={item} mini={mini} onNavigate={onNavigate} />)}
            </List>
          </Box>
        );
      })}
    </List>
  );
}

/** A group in the bar under the header: one button that opens its entries. */
function HorizontalGroup({ group }: { group: MenuGroup }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = group.items.some((item) => isActive(item, pathname));
  const Icon = group.items.find((item) => isActive(item, pathname))?.icon ?? group.items[0]?.icon;
  return (
    <>
      <Button
        color={active ? 'primary' : 'inherit'}
        startIcon={Icon ? <Icon /> : undefined}
        endIcon={<ExpandMoreOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        sx={{ flexShrink: 0 }}
      >
        <FormattedMessage id={group.labelId} />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} aria-label={intl.formatMessage({ id: group.labelId })}>
        {group.items.map((item) => {
          const ItemIcon = item.icon;
          const current = isActive(item, pathname);
          return (
            <MuiMenuItem key={item.id} component={RouterLink} to={item.path} selected={current} aria-current={current ? 'page' : undefined} onClick={() => setAnchor(null)}>
              <ListItemIcon><ItemIcon fontSize="small" /></ListItemIcon>
              <ListItemText primary={intl.formatMessage({ id: item.labelId })} />
            </MuiMenuItem>
          );
        })}
      </Menu>
    </>
  );
}

function HorizontalMenu({ menu }: { menu: MenuEntry[] }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <Stack component="nav" direction="row" spacing={0.5} aria-label={intl.formatMessage({ id: 'shell.menu.title' })} sx={{ overflowX: 'auto' }}>
      {menu.map((entry) => {
        if (isMenuGroup(entry)) return <HorizontalGroup key={entry.id} group={entry} />;
        const Icon = entry.icon;
        const active = isActive(entry, pathname);
        return (
          <Button key={entry.id} component={RouterLink} to={entry.path} startIcon={<Icon />} color={active ? 'primary' : 'inherit'} aria-current={active ? 'page' : undefined} sx={{ flexShrink: 0 }}>
            <FormattedMessage id={entry.labelId} />
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
  menu: MenuEntry[];
  headerActions?: ReactNode;
  /**
   * Drawn above the side menu while it is shown at full width, or at the end of the menu bar in the horizontal
   * layout (the company and folder-set switcher): wherever the menu is, it is reachable.
   */
  drawerHeader?: (placement: 'drawer' | 'bar') => ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const theme = useTheme();
  const { config, update } = useConfig();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  // Stays mounted once opened so that closing plays the drawer's exit transition.
  const [customizeLoaded, setCustomizeLoaded] = useState(false);
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
          <IconButton onClick={() => { setCustomizeLoaded(true); setCustomizing(true); }} aria-label={intl.formatMessage({ id: 'shell.header.customize' })} title={intl.formatMessage({ id: 'shell.header.customize' })} data-testid="open-customization">
            <SettingsOutlined />
          </IconButton>
        </Toolbar>
        {!vertical && (
          <Toolbar variant="dense" sx={{ borderTop: 1, borderColor: 'divider' }}>
            <HorizontalMenu menu={menu} />
            {drawerHeader && <Box sx={{ ml: 'auto', flexShrink: 0 }}>{drawerHeader('bar')}</Box>}
          </Toolbar>
        )}
      </AppBar>

      {vertical && isDesktop && (
        <Drawer
          variant="permanent"
          sx={{ width: navWidth, flexShrink: 0, '& .MuiDrawer-paper': { width: navWidth, boxSizing: 'border-box', transition: theme.transitions.create('width') } }}
        >
          <Toolbar />
          {!config.miniDrawer && drawerHeader?.('drawer')}
          <VerticalMenu menu={menu} mini={config.miniDrawer} />
        </Drawer>
      )}
      {vertical && !isDesktop && (
        <Drawer variant="temporary" open={mobileOpen} onClose={() => setMobileOpen(false)} ModalProps={{ keepMounted: true }} sx={{ '& .MuiDrawer-paper': { width: NAV_WIDTH } }}>
          <Toolbar />
          {drawerHeader?.('drawer')}
          <VerticalMenu menu={menu} mini={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}

      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
        <Toolbar />
        {!vertical && <Toolbar variant="dense" />}
        {config.container ? <Container maxWidth="lg" sx={{ py: 3 }}>{children}</Container> : <Box sx={{ p: { xs: 2, md: 3 } }}>{children}</Box>}
      </Box>
      {customizeLoaded && <Suspense fallback={null}><CustomizationPanel open={customizing} onClose={() => setCustomizing(false)} /></Suspense>}
    </Box>
  );
}
