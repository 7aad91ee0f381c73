import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../../app/loading.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { NotFoundPage } from '../NotFoundPage.js';
import { adminPageSize } from './admin-api.js';

const tabs = ['users', 'reports', 'questions', 'lookup-data', 'statement-templates', 'audit-log'] as const;
const tabLabel: Record<(typeof tabs)[number], string> = {
  users: 'admin.tabs.users', reports: 'admin.tabs.reports', questions: 'admin.tabs.questions', 'lookup-data': 'admin.tabs.lookupData',
  'statement-templates': 'admin.tabs.statementTemplates', 'audit-log': 'admin.tabs.auditLog',
};

/** The administration area's frame: its tabs over the chosen screen, for platform administrators only. */
export function AdminLayout() {
  usePageMeta('admin.pageTitle');
  const intl = useIntl();
  const { status, user } = useSession();
  const { pathname } = useLocation();
  if (status === 'loading') return <FullScreenLoader />;
  if (!user?.is_admin) return <NotFoundPage />;
  const active = tabs.find((tab) => pathname.split('/').includes(tab)) ?? false;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1"><FormattedMessage id="admin.pageTitle" /></Typography>
        <Typography color="text.secondary"><FormattedMessage id="admin.intro" /></Typography>
      </Box>
      <Card>
        <Tabs
          value={active}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={intl.formatMessage({ id: 'admin.pageTitle' })}
          sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((tab) => (
            <Tab key={tab} value={tab} label={<FormattedMessage id={tabLabel[tab]} />} component={RouterLink} to={`/admin/${tab}`} data-testid={`admin-tab-${tab}`} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1.5, md: 2.5 } }}>
          <Outlet />
        </Box>
      </Card>
    </Stack>
  );
}

/** The pager under a list of the area: the server's fixed page size, the range shown in the reader's language. */
export function AdminPager({ count, page, onPageChange }: { count: number; page: number; onPageChange: (page: number) => void }) {
  const intl = useIntl();
  return (
    <TablePagination
      component="div"
      count={count}
      page={count === 0 ? 0 : page}
      rowsPerPage={adminPageSize}
      rowsPerPageOptions={[adminPageSize]}
      onPageChange={(_event, next) => onPageChange(next)}
      labelDisplayedRows={({ from, to, count: total }) => intl.formatMessage({ id: 'table.pagination' }, { from, to, count: total })}
    />
  );
}
