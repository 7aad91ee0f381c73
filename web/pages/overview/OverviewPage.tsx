import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { apiRequest } from '../../app/api.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { dataPages } from '../data/data-pages.js';
import { resourceTitleKey } from '../../../common/resources/define.js';
import type { CoUtilisation, OriginPassChart, StatementCheckChart } from '../../../common/reports/schemas.js';
import type { ReportRun } from '../../../common/statements/schemas.js';
import { fetchComputedReport, ReportRunProgress } from '../reports/computed-report.js';
import type { DashboardData } from './DashboardCharts.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';
import { chartCardMinHeight } from './chart-size.js';

/**
 * The charts and their library (ECharts, 540 kB) load after the overview's figures, in chunks of their own: the
 * figures never wait for them.
 */
const DashboardCharts = lazy(async () => ({ default: (await import('./DashboardCharts.js')).DashboardCharts }));
const ComplianceCharts = lazy(async () => ({ default: (await import('./ComplianceCharts.js')).ComplianceCharts }));

/** Where charts will be drawn, as large as their cards, while the chart library loads. */
function ChartPlaceholders({ widths }: { widths: ReadonlyArray<'half' | 'full'> }) {
  return (
    <Grid container spacing={2} aria-busy="true" data-testid="chart-placeholders">
      {widths.map((width, index) => (
        <Grid key={index} size={width === 'full' ? 12 : { xs: 12, lg: 6 }}>
          <Card variant="outlined" sx={{ height: chartCardMinHeight }} />
        </Grid>
      ))}
    </Grid>
  );
}

interface Overview {
  tables: Array<{ resource: string; family: string; rows: number }>;
  imports: Array<{ id: number; resource: string; import_type: string; status: string; from_file: string; inserted: number; rejected: number; created_at: string }>;
}

const statusColor: Record<string, 'success' | 'error' | 'warning' | 'default' | 'info'> = { succeeded: 'success', failed: 'error', interrupted: 'warning', running: 'info', queued: 'info', rolled_back: 'default' };

/** Where each table lives among the data screens. */
const pageOf = (resource: string) => dataPages.find((page) => page.tabs.includes(resource));

/** The signed-in home: what the current folder set holds, its latest imports, and where to go next. */
export function OverviewPage() {
  usePageMeta('overview.title');
  const intl = useIntl();
  const errorText = useErrorText();
  const { company, folderSlug } = useSession();
  const folderSet = company?.folder_set.find((set) => set.slug === folderSlug) ?? company?.folder_set[0];
  const overview = useQuery({
    queryKey: ['overview', company?.slug, folderSet?.slug],
    queryFn: () => apiRequest<Overview>(`/clients-api/companies/${encodeURIComponent(company!.slug)}/overview/`, { query: { folder_slug: folderSet!.slug } }),
    enabled: Boolean(company && folderSet),
  });
  // The charts are computed as report runs and kept until the data changes; the bar follows the overview's own run.
  const [dashboardRun, setDashboardRun] = useState<ReportRun | null>(null);
  const dashboardPath = `/clients-api/companies/${encodeURIComponent(company?.slug ?? '')}/dashboard/`;
  const dashboard = useQuery({
    queryKey: ['dashboard', company?.slug, folderSet?.slug],
    queryFn: () => fetchComputedReport<DashboardData>(dashboardPath, { folder_slug: folderSet!.slug }, setDashboardRun),
    enabled: Boolean(company && folderSet),
  });
  const chart = <T,>(name: string) => ({
    queryKey: ['dashboard', name, company?.slug, folderSet?.slug],
    queryFn: () => fetchComputedReport<T>(`${dashboardPath}${name}/`, { folder_slug: folderSet!.slug }, () => undefined),
    enabled: Boolean(company && folderSet),
  });
  const coUtilisation = useQuery(chart<CoUtilisation>('co-utilisation'));
  const statementCheck = useQuery(chart<StatementCheckChart>('statement-check'));
  const origin = useQuery({
    queryKey: ['dashboard', 'origin-schedules', company?.slug, folderSet?.slug],
    queryFn: () => apiRequest<OriginPassChart>(`${dashboardPath}origin-schedules/`, { query: { folder_slug: folderSet!.slug } }),
    enabled: Boolean(company && folderSet),
  });
  if (!company || !folderSet) {
    return (
      <Card sx={{ maxWidth: 720, mx: 'auto' }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}><FormattedMessage id="overview.firstTitle" /></Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}><FormattedMessage id="overview.firstText" /></Typography>
          <Button component={RouterLink} to="/company" variant="contained"><FormattedMessage id="overview.createCompany" /></Button>
        </CardContent>
      </Card>
    );
  }
  const tables = overview.data?.tables ?? [];
  const filled = tables.filter((table) => table.rows > 0);
  // By name: the resource definitions (47 kB) are not needed to show these numbers.
  const title = (resource: string) => {
    const id = resourceTitleKey({ name: resource });
    return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : resource;
  };
  const steps = [
    { id: 'declarations', done: tables.some((table) => table.resource === 'ecus' && table.rows > 0), to: '/data/exim/ecus' },
    { id: 'books', done: tables.some((table) => ['begin', 'bom', 'wh-take-out'].includes(table.resource) && table.rows > 0), to: '/data/bom/bom' },
    { id: 'reports', done: false, to: '/reports/statement-15' },
  ];
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">{company.name}</Typography>
        <Typography color="text.secondary">
          <FormattedMessage id="overview.period" values={{ period: folderSet.name, start: formatBusinessDay(intl, folderSet.date_start), end: formatBusinessDay(intl, folderSet.date_end), regime: folderSet.type_code }} />
        </Typography>
      </Box>
      {overview.isPending && <LinearProgress />}
      {overview.isError && <Alert severity="error">{errorText(overview.error)}</Alert>}
      {overview.data && filled.length === 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2"><FormattedMessage id="overview.startTitle" /></Typography>
            <List>
              {steps.map((step, index) => (
                <ListItem key={step.id} disableGutters secondaryAction={<Button component={RouterLink} to={step.to} size="small"><FormattedMessage id="overview.go" /></Button>}>
                  <ListItemText primary={`${index + 1}. ${intl.formatMessage({ id: `overview.steps.${step.id}` })}`} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button component={RouterLink} to="/data/exim/ecus" variant="outlined" startIcon={<UploadFileOutlined />}><FormattedMessage id="overview.actions.import" /></Button>
        <Button component={RouterLink} to="/reports/statement-15" variant="outlined" startIcon={<AssignmentTurnedInOutlined />}><FormattedMessage id="overview.actions.reports" /></Button>
        <Button component={RouterLink} to="/fta/bangke" variant="outlined" startIcon={<PublicOutlined />}><FormattedMessage id="overview.actions.origin" /></Button>
      </Stack>
      {overview.data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}><FormattedMessage id="overview.tablesTitle" values={{ rows: filled.reduce((sum, table) => sum + table.rows, 0) }} /></Typography>
                <Grid container spacing={1} data-testid="overview-tables">
                  {tables.filter((table) => pageOf(table.resource)).map((table) => (
                    <Grid key={table.resource} size={{ xs: 12, sm: 6 }}>
                      <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
                        <Link component={RouterLink} to={`${pageOf(table.resource)!.path}/${table.resource}`} underline="hover" color={table.rows > 0 ? 'text.primary' : 'text.secondary'}>{title(table.resource)}</Link>
                        <Typography variant="body2" sx={{ fontWeight: table.rows > 0 ? 600 : undefined }} color={table.rows > 0 ? 'text.primary' : 'text.disabled'}>{intl.formatNumber(table.rows)}</Typography>
                      </Stack>
                    </Grid>
                  ))}
                </Grid>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}><FormattedMessage id="overview.importsTitle" /></Typography>
                {overview.data.imports.length === 0 && <Typography color="text.secondary"><FormattedMessage id="overview.noImports" /></Typography>}
                <List dense data-testid="overview-imports">
                  {overview.data.imports.map((record) => (
                    <ListItem key={record.id} disableGutters>
                      <ListItemText
                        primary={<Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}><span>{record.from_file}</span><Chip size="small" color={statusColor[record.status] ?? 'default'} label={<FormattedMessage id={`imports.history.status.${record.status}`} />} /></Stack>}
                        secondary={`${title(record.resource)} · ${intl.formatDate(record.created_at, { dateStyle: 'medium', timeStyle: 'short' })} · ${intl.formatMessage({ id: 'overview.rows' }, { inserted: record.inserted, rejected: record.rejected })}`}
                      />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
      {/* The charts come under the figures, so that neither the computed reports nor the chart library move them. */}
      <ReportRunProgress busy={dashboard.isPending && dashboard.fetchStatus === 'fetching'} run={dashboardRun} />
      {dashboard.data && dashboard.data.by_month.length > 0 && (
        <Suspense fallback={<ChartPlaceholders widths={['half', 'half', 'full']} />}><DashboardCharts data={dashboard.data} /></Suspense>
      )}
      {overview.data && filled.length > 0 && (coUtilisation.data || statementCheck.data || origin.data) && (
        <Suspense fallback={<ChartPlaceholders widths={[...(coUtilisation.data ? ['full' as const] : []), ...(statementCheck.data ? ['half' as const] : []), ...(origin.data ? ['half' as const] : [])]} />}>
          <ComplianceCharts data={{ coUtilisation: coUtilisation.data, statementCheck: statementCheck.data, origin: origin.data }} />
        </Suspense>
      )}
    </Stack>
  );
}
