import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { bcqtSubTypes, type BiReport } from '../../../common/reports/schemas.js';
import { FullScreenLoader } from '../../app/loading.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { NotFoundPage } from '../NotFoundPage.js';
import { EmbeddedReport } from './EmbeddedReport.js';
import { reportTypeOfSlug, useMyReports } from './report-menu.js';

/**
 * `/uni/reports/bcqt` and `/uni/reports/tax`: the BI reports of that type assigned to the user, embedded (BCQT's by
 * regime). Only for users with such a report and administrators; everyone else gets the not-found page, as the
 * embed API answers them 404.
 */
export function ReportTypePage() {
  const type = reportTypeOfSlug(useParams().type);
  usePageMeta(type ? `coReports.menu.types.${type}` : 'coReports.menu.group');
  const { status, user } = useSession();
  const mine = useMyReports();
  if (status === 'loading' || (status === 'authenticated' && mine.isPending)) return <FullScreenLoader />;
  const reports = type ? mine.data?.reports_by_type[type] ?? [] : [];
  if (status !== 'authenticated' || !type || type === 'XNK-UTM-CO' || (reports.length === 0 && !user?.is_admin)) return <NotFoundPage />;
  const groups: Array<{ key: string; title: string | null; reports: BiReport[] }> = type === 'BCQT'
    ? bcqtSubTypes.map((subType) => ({ key: subType, title: `coReports.subTypes.${subType}`, reports: reports.filter((report) => report.sub_type === subType) }))
    : [{ key: type, title: null, reports }];
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1"><FormattedMessage id={`coReports.menu.types.${type}`} /></Typography>
        <Typography color="text.secondary"><FormattedMessage id="coReports.typeIntro" /></Typography>
      </Box>
      {reports.length === 0 && <Alert severity="info"><FormattedMessage id="coReports.typeEmpty" /></Alert>}
      {groups.filter((group) => group.reports.length > 0).map((group) => (
        <Card key={group.key} variant="outlined">
          <CardContent>
            {group.title && <Typography variant="h6" component="h2" sx={{ mb: 1 }}><FormattedMessage id={group.title} /></Typography>}
            <Stack spacing={2}>{group.reports.map((report) => <EmbeddedReport key={report.id} report={report} />)}</Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
