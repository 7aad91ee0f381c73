import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { AdminUser } from '../../../common/admin/schemas.js';
import { ConfirmDialog } from '../../app/ConfirmDialog.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { useWhen } from '../../imports/use-import-text.js';
import { useDebounced } from '../../resources/use-debounced.js';
import { ListTable, RowAction } from '../company/ListTable.js';
import { adminQueryKey, disableUser, enableUser, listUsers, resetSessions } from './admin-api.js';
import { AdminPager } from './AdminLayout.js';

type Confirming = { action: 'disable' | 'reset'; user: AdminUser } | null;

/** Every account: search by address or name, see who signs in, disable or enable an account, end its sessions. */
export function UsersPanel() {
  const intl = useIntl();
  const when = useWhen();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useSession().user;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const query = useDebounced(search.trim(), 300);
  const users = useQuery({ queryKey: adminQueryKey('users', query, page), queryFn: () => listUsers(query, page), placeholderData: keepPreviousData });

  const act = useMutation({
    mutationFn: ({ action, user }: { action: 'disable' | 'enable' | 'reset'; user: AdminUser }) =>
      action === 'disable' ? disableUser(user) : action === 'enable' ? enableUser(user) : resetSessions(user),
    onSuccess: async (user, { action }) => {
      setConfirming(null);
      snackbar.success(intl.formatMessage({ id: `admin.users.done.${action}` }, { email: user.email }));
      await queryClient.invalidateQueries({ queryKey: adminQueryKey('users') });
    },
    onError: (error) => { setConfirming(null); snackbar.error(errorText(error)); },
  });

  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        value={search}
        onChange={(event) => { setSearch(event.target.value); setPage(0); }}
        label={<FormattedMessage id="admin.users.search" />}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> } }}
        sx={{ maxWidth: 420 }}
        data-testid="user-search"
      />
      {users.isFetching && <LinearProgress sx={{ height: 2 }} />}
      {users.isError && <Alert severity="error">{errorText(users.error)}</Alert>}
      {users.data?.count === 0 && <Typography color="text.secondary"><FormattedMessage id="admin.users.none" /></Typography>}
      <ListTable labelId="admin.tabs.users" columnIds={['user', 'status', 'joined', 'lastSignIn', 'sessions'].map((column) => `admin.users.columns.${column}`)} actions>
        {users.data?.results.map((user) => (
          <TableRow key={user.id} hover data-user={user.email}>
            <TableCell>
              <Typography sx={{ fontWeight: 500 }}>{user.name}</Typography>
              <Typography variant="body2" color="text.secondary">{user.email}</Typography>
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {user.disabled_at
                  ? <Chip size="small" color="error" label={<FormattedMessage id="admin.users.disabled" />} data-testid="user-disabled" />
                  : <Chip size="small" color="success" variant="outlined" label={<FormattedMessage id="admin.users.active" />} />}
                {user.is_admin && <Chip size="small" color="primary" variant="outlined" label={<FormattedMessage id="admin.users.admin" />} />}
                {!user.is_verified && <Chip size="small" color="warning" variant="outlined" label={<FormattedMessage id="admin.users.unverified" />} />}
              </Stack>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(user.date_joined)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.last_sign_in_at ? when(user.last_sign_in_at) : <FormattedMessage id="admin.users.never" />}</TableCell>
            <TableCell>{intl.formatNumber(user.active_sessions)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <RowAction
                title={intl.formatMessage({ id: 'admin.users.reports' })}
                label={intl.formatMessage({ id: 'admin.users.reportsOf' }, { email: user.email })}
                icon={<AssessmentOutlined />}
                onClick={() => void navigate(`/admin/reports?email=${encodeURIComponent(user.email)}`)}
              />
              <RowAction
                title={intl.formatMessage({ id: 'admin.users.reset' })}
                label={intl.formatMessage({ id: 'admin.users.resetOf' }, { email: user.email })}
                icon={<LogoutOutlined />}
                onClick={() => setConfirming({ action: 'reset', user })}
              />
              {user.disabled_at ? (
                <RowAction
                  title={intl.formatMessage({ id: 'admin.users.enable' })}
                  label={intl.formatMessage({ id: 'admin.users.enableOf' }, { email: user.email })}
                  icon={<CheckCircleOutlined />}
                  onClick={() => act.mutate({ action: 'enable', user })}
                />
              ) : user.id !== me?.id && (
                // One's own account is not offered: the server refuses it, and the platform would lose the hand that undoes it.
                <RowAction
                  title={intl.formatMessage({ id: 'admin.users.disable' })}
                  label={intl.formatMessage({ id: 'admin.users.disableOf' }, { email: user.email })}
                  icon={<BlockOutlined />}
                  onClick={() => setConfirming({ action: 'disable', user })}
                />
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <AdminPager count={users.data?.count ?? 0} page={page} onPageChange={setPage} />
      <ConfirmDialog
        open={confirming !== null}
        title={<FormattedMessage id={confirming?.action === 'reset' ? 'admin.users.resetTitle' : 'admin.users.disableTitle'} />}
        text={<FormattedMessage id={confirming?.action === 'reset' ? 'admin.users.resetText' : 'admin.users.disableText'} values={{ email: confirming?.user.email ?? '', sessions: confirming?.user.active_sessions ?? 0 }} />}
        confirmLabel={<FormattedMessage id={confirming?.action === 'reset' ? 'admin.users.reset' : 'admin.users.disable'} />}
        pending={act.isPending}
        onConfirm={() => confirming && act.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
