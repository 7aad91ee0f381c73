import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { agreements, isAgreementCode } from '../../../common/agreements.js';
import { type BiReport, type CoUtilisation, type CoUtilisationView, coUtilisationViews } from '../../../common/reports/schemas.js';
import { ApiError, apiRequest } from '../../app/api.js';
import { FullScreenLoader } from '../../app/loading.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { NotFoundPage } from '../NotFoundPage.js';
import { downloadReport } from '../reports/report-api.js';
import { EmbeddedReport } from './EmbeddedReport.js';
import { useMyReports } from './report-menu.js';

const amounts = ['value', 'with_co_value', 'without_co_value', 'saving'] as const;

/** The native figures: one view at a time, a total row, numbers in the reader's format. */
function UtilisationTable({ utilisation }: { utilisation: CoUtilisation }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `coReports.${id}` });
  const keyColumns = utilisation.view === 'agreement' ? ['agreement'] : utilisation.view === 'supplier' ? ['supplier', 'country'] : ['code', 'name'];
  const keyCells = (key: string | null, label: string | null) =>
    utilisation.view === 'agreement' ? [key === null ? t('noAgreement') : isAgreementCode(key) ? agreements[key].name : key] : [key ?? '', label ?? ''];
  const number = (value: number | string) => intl.formatNumber(Number(value));
  return (
    <Table size="small" data-testid="co-utilisation-table">
      <TableHead>
        <TableRow>{[...keyColumns, 'lines', ...amounts].map((column) => <TableCell key={column} align={keyColumns.includes(column) ? 'left' : 'right'}>{t(`columns.${column}`)}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {utilisation.rows.map((row, index) => (
          <TableRow key={index}>
            {keyCells(row.key, row.label).map((cell, column) => <TableCell key={column}>{cell}</TableCell>)}
            <TableCell align="right">{number(row.lines)}</TableCell>
            {amounts.map((column) => <TableCell key={column} align="right">{number(row[column])}</TableCell>)}
          </TableRow>
        ))}
        <TableRow sx={{ '& td': { fontWeight: 700 } }}>
          <TableCell colSpan={keyColumns.length}>{t('total')}</TableCell>
          <TableCell align="right">{number(utilisation.totals.lines)}</TableCell>
          {amounts.map((column) => <TableCell key={column} align="right">{number(utilisation.totals[column])}</TableCell>)}
        </TableRow>
      </TableBody>
    </Table>
  );
}

/**
 * `/uni/xnk-co-utm`: the C/O utilisation report, only for users with an XNK-UTM-CO report assigned and for
 * administrators; everyone else gets the not-found page, as the API answers them 404.
 */
export function CoUtilisationPage() {
  usePageMeta('coReports.title');
  const intl = useIntl();
  const errorText = useErrorText();
  const { status, user, company, folderSlug } = useSession();
  const [view, setView] = useState<CoUtilisationView>('agreement');
  const folderSet = company?.folder_set.find((set) => set.slug === folderSlug) ?? company?.folder_set[0];
  const mine = useMyReports();
  const allowed = Boolean(user?.is_admin || (mine.data?.reports_by_type['XNK-UTM-CO']?.length ?? 0) > 0);
  const scope = { company_slug: company?.slug ?? '', folder_slug: folderSet?.slug ?? '' };
  const report = useQuery({
    queryKey: ['co-utilisation', scope, view],
    queryFn: () => apiRequest<{ reports: BiReport[]; utilisation: CoUtilisation }>('/uni/xnk-co-utm/', { query: { ...scope, view } }),
    enabled: allowed && Boolean(company && folderSet),
    placeholderData: (previous) => previous,
  });
  if (status === 'loading' || (status === 'authenticated' && mine.isPending)) return <FullScreenLoader />;
  if (status !== 'authenticated' || !allowed || (report.error instanceof ApiError && report.error.status === 404)) return <NotFoundPage />;
  const embedded = report.data?.reports ?? mine.data?.reports_by_type['XNK-UTM-CO'] ?? [];
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1"><FormattedMessage id="coReports.title" /></Typography>
        <Typography color="text.secondary"><FormattedMessage id="coReports.intro" /></Typography>
      </Box>
      <Grid container spacing={2}>
        {embedded.length > 0 && (
          <Grid size={{ xs: 12, xl: 6 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}><FormattedMessage id="coReports.embedded" /></Typography>
                <Stack spacing={2}>{embedded.map((entry) => <EmbeddedReport key={entry.id} report={entry} />)}</Stack>
              </CardContent>
            </Card>
          </Grid>
        )}
        <Grid size={{ xs: 12, xl: embedded.length > 0 ? 6 : 12 }}>
          <Card variant="outlined">
            <CardContent>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
                <Typography variant="h6" component="h2"><FormattedMessage id="coReports.native" /></Typography>
                <Stack direction="row" spacing={1}>
                  <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, next: CoUtilisationView | null) => next && setView(next)}>
                    {coUtilisationViews.map((entry) => <ToggleButton key={entry} value={entry}>{intl.formatMessage({ id: `coReports.views.${entry}` })}</ToggleButton>)}
                  </ToggleButtonGroup>
                  <Button size="small" variant="outlined" disabled={!report.data}
                    onClick={() => void downloadReport('/uni/xnk-co-utm/', { ...scope, lang: intl.locale }, `co-utilisation-${scope.folder_slug}.xlsx`)}>
                    <FormattedMessage id="coReports.export" />
                  </Button>
                </Stack>
              </Stack>
              {report.isFetching && <LinearProgress />}
              {report.isError && <Alert severity="error">{errorText(report.error)}</Alert>}
              {report.data && report.data.utilisation.rows.length === 0 && <Typography color="text.secondary"><FormattedMessage id="coReports.empty" /></Typography>}
              {report.data && report.data.utilisation.rows.length > 0 && <UtilisationTable utilisation={report.data.utilisation} />}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}
