import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { usePageMeta } from '../../app/page-effects.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { BomReview } from './BomReview.js';
import { CheckStatement } from './CheckStatement.js';
import { Form16Report } from './Form16Report.js';
import { StatementReport } from './StatementReport.js';
import { TariffCheckReport } from './TariffCheckReport.js';
import { TypeCodeRules } from './TypeCodeRules.js';
import { LayoutTemplates } from './LayoutTemplates.js';
import { ClassificationConsistency } from './ClassificationConsistency.js';

export const reportTabs = ['statement-15', 'statement-15a', 'check-statement', 'form-16', 'tariff-check', 'bom-review', 'type-code-rules', 'layout-templates', 'classification-consistency'] as const;

/** A tab's label: the finalization reports' are named with them, the company's HS consistency report with the precedents. */
const tabLabel = (name: ReportTab) => (name === 'classification-consistency' ? 'precedents.consistency.tab' : `statements.tabs.${name}`);
type ReportTab = (typeof reportTabs)[number];

/** The customs finalization of the current folder set: Statement 15, 15A, the check statement, Form 16, the tariff check, the rules behind them and the layout templates they export in. */
export function ReportsPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { tab } = useParams();
  const { company, folderSlug } = useSession();
  const active = reportTabs.find((name) => name === tab);
  usePageMeta('statements.documentTitle', undefined, { report: intl.formatMessage({ id: tabLabel(active ?? reportTabs[0]) }) });
  if (!active) return <Navigate to={`/reports/${reportTabs[0]}`} replace />;
  const folderSet = company?.folder_set.find((set) => set.slug === folderSlug) ?? company?.folder_set[0];
  const canEdit = company?.role === 'owner' || company?.role === 'admin' || company?.role === 'member';
  const openTab = (name: ReportTab) => { void navigate(`/reports/${name}`); };
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1"><FormattedMessage id="statements.title" /></Typography>
        {folderSet && <Typography color="text.secondary"><FormattedMessage id="statements.subtitle" values={{ company: company?.name, period: folderSet.name, regime: folderSet.type_code }} /></Typography>}
      </Box>
      {!company || !folderSet ? (
        <Alert severity="info"><FormattedMessage id="statements.noFolderSet" /></Alert>
      ) : (
        <Card>
          <Tabs value={active} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={intl.formatMessage({ id: 'statements.title' })}
            sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}>
            {reportTabs.map((name) => <Tab key={name} value={name} label={<FormattedMessage id={tabLabel(name)} />} component={RouterLink} to={`/reports/${name}`} data-testid={`tab-${name}`} />)}
          </Tabs>
          <Box sx={{ p: { xs: 1.5, md: 2 } }}>
            {(active === 'statement-15' || active === 'statement-15a') && (
              <StatementReport key={`${active}-${folderSet.slug}`} report={active} scope={{ company_slug: company.slug, folder_slug: folderSet.slug }} onOpenRules={() => openTab('type-code-rules')} />
            )}
            {active === 'check-statement' && <CheckStatement key={folderSet.slug} scope={{ company_slug: company.slug, folder_slug: folderSet.slug }} canReview={canEdit} />}
            {active === 'form-16' && <Form16Report key={folderSet.slug} scope={{ company_slug: company.slug, folder_slug: folderSet.slug }} />}
            {active === 'tariff-check' && <TariffCheckReport key={folderSet.slug} scope={{ company_slug: company.slug, folder_slug: folderSet.slug }} />}
            {active === 'bom-review' && <BomReview key={folderSet.slug} scope={{ company_slug: company.slug, folder_slug: folderSet.slug }} canFix={canEdit} />}
            {active === 'type-code-rules' && <TypeCodeRules key={folderSet.slug} companySlug={company.slug} regime={folderSet.type_code} canEdit={canEdit} />}
            {active === 'classification-consistency' && <ClassificationConsistency key={company.slug} companySlug={company.slug} />}
            {active === 'layout-templates' && <LayoutTemplates key={company.slug} owner={{ kind: 'company', companySlug: company.slug }} canEdit={company.role === 'owner' || company.role === 'admin'} />}
          </Box>
        </Card>
      )}
    </Stack>
  );
}
