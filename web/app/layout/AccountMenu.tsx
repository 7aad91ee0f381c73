import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { UserInfo } from '../../../common/accounts/schemas.js';
import { useConfig } from '../config/ConfigProvider.js';
import { useSession } from '../session/SessionProvider.js';
import { initialsOf } from './initials.js';

export function UserAvatar({ user, size }: { user: Pick<UserInfo, 'name' | 'profile_picture'>; size: number }) {
  return (
    <Avatar src={user.profile_picture ?? undefined} alt="" sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main' }}>
      {initialsOf(user.name)}
    </Avatar>
  );
}

/** The signed-in user's menu in the header: who they are, their account, the administration area for platform administrators, screen mode and logout. */
export function AccountMenu() {
  const intl = useIntl();
  const { user, signOut } = useSession();
  const { config, update } = useConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const close = () => setAnchor(null);
  const label = intl.formatMessage({ id: 'session.accountMenu' });

  return (
    <>
      <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-label={label} title={label} aria-haspopup="menu" data-testid="account-menu" sx={{ p: 0.5 }}>
        <UserAvatar user={user} size={34} />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ paper: { sx: { minWidth: 260 } } }}>
        <Box sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <UserAvatar user={user} size={40} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>{user.name}</Typography>
            <Typography variant="body2" color="text.secondary" noWrap>{user.email}</Typography>
          </Box>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to="/user" onClick={close}>
          <ListItemIcon><ManageAccountsOutlined fontSize="small" /></ListItemIcon>
          <FormattedMessage id="session.account" />
        </MenuItem>
        {user.is_admin && (
          <MenuItem component={RouterLink} to="/admin" onClick={close} data-testid="admin-menu">
            <ListItemIcon><AdminPanelSettingsOutlined fontSize="small" /></ListItemIcon>
            <FormattedMessage id="session.administration" />
          </MenuItem>
        )}
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p" id="account-menu-mode" sx={{ mb: 0.5 }}>
            <FormattedMessage id="shell.customize.mode" />
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={config.mode}
            onChange={(_event, mode: 'light' | 'dark' | null) => { if (mode) update({ mode }); }}
            aria-labelledby="account-menu-mode"
          >
            <ToggleButton value="light"><LightModeOutlined fontSize="small" sx={{ mr: 1 }} /><FormattedMessage id="shell.customize.light" /></ToggleButton>
            <ToggleButton value="dark"><DarkModeOutlined fontSize="small" sx={{ mr: 1 }} /><FormattedMessage id="shell.customize.dark" /></ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <Divider />
        <MenuItem
          data-testid="logout"
          onClick={() => {
            close();
            // Signed in again, the user comes back to where they signed out.
            const from = { pathname: location.pathname, search: location.search };
            void signOut().then(() => navigate('/login', { state: { from } }));
          }}
        >
          <ListItemIcon><Logout fontSize="small" /></ListItemIcon>
          <FormattedMessage id="session.logout" />
        </MenuItem>
      </Menu>
    </>
  );
}

/** The header's account corner: the account menu when signed in, a way to sign in otherwise. */
export function HeaderAccount() {
  const { status } = useSession();
  if (status === 'authenticated') return <AccountMenu />;
  if (status === 'loading') return null;
  return (
    <Button variant="contained" component={RouterLink} to="/login" startIcon={<Login />} size="small" disableElevation sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="header-login">
      <FormattedMessage id="shell.header.login" />
    </Button>
  );
}
