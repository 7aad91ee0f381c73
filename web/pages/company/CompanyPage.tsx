import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Company } from '../../../common/accounts/schemas.js';
import { companyInitialsOf } from '../../app/layout/initials.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useErrorText } from '../../app/session/error-text.js';
import { companyQueryKey, fetchCompany, userInfoQueryKey, useSession } from '../../app/session/SessionProvider.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { deleteCompany } from './company-api.js';
import { CompanySettingsForm, CreateCompanyForm } from './CompanyForm.js';
import { ConfirmDialog } from '../../app/ConfirmDialog.js';
import { FolderSetsPanel } from './FolderSetsPanel.js';
import { InvitationsPanel } from './InvitationsPanel.js';
import { MembersPanel } from './MembersPanel.js';

const tabs = ['settings', 'members', 'folderSets'] as const;
type TabName = (typeof tabs)[number];

/** Company settings: the selected company's details, members and folder sets, or a first company to create. */
export function CompanyPage() {
  usePageMeta('company.pageTitle');
  const intl = useIntl();
  const { user, companySlug } = useSession();
  const errorText = useErrorText();
  const company = useQuery({ queryKey: companyQueryKey(companySlug ?? ''), queryFn: () => fetchCompany(companySlug ?? ''), enabled: companySlug !== null });
  if (!user) return null;
  if (companySlug === null) return <Stack spacing={3} sx={{ maxWidth: 860, mx: 'auto' }}><InvitationsPanel /><FirstCompany /></Stack>;
  if (company.isError) return <Alert severity="error">{errorText(company.error)}</Alert>;
  if (!company.data) return <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}><CircularProgress aria-label={intl.formatMessage({ id: 'shell.loading' })} /></Box>;
  return <CompanyView key={company.data.slug} company={company.data} />;
}

function FirstCompany() {
  return (
    <Card sx={{ maxWidth: 860, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}><FormattedMessage id="company.first.title" /></Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}><FormattedMessage id="company.first.text" /></Typography>
        <CreateCompanyForm />
      </CardContent>
    </Card>
  );
}

function CompanyView({ company }: { company: Company }) {
  const intl = useIntl();
  const [tab, setTab] = useState<TabName>('settings');
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <InvitationsPanel />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar src={company.profile_picture ?? undefined} variant="rounded" alt="" sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
          {companyInitialsOf(company.name)}
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" noWrap>{company.name}</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" color="primary" variant="outlined" label={<FormattedMessage id={`company.roles.${company.role}`} />} />
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="company.summary" values={{ staff: company.staff_count, folderSets: company.folder_set.length }} />
            </Typography>
          </Stack>
        </Box>
        <Button variant="outlined" startIcon={<AddBusinessOutlined />} onClick={() => setCreating(true)}>
          <FormattedMessage id="company.new" />
        </Button>
      </Stack>
      <Card>
        <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} aria-label={intl.formatMessage({ id: 'company.pageTitle' })} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
          {tabs.map((name) => <Tab key={name} value={name} label={<FormattedMessage id={`company.tabs.${name}`} />} id={`company-tab-${name}`} aria-controls={`company-panel-${name}`} />)}
        </Tabs>
        <CardContent sx={{ p: { xs: 2, md: 3 } }} role="tabpanel" id={`company-panel-${tab}`} aria-labelledby={`company-tab-${tab}`}>
          {tab === 'settings' && <CompanySettingsForm company={company} />}
          {tab === 'members' && <MembersPanel company={company} />}
          {tab === 'folderSets' && <FolderSetsPanel company={company} />}
        </CardContent>
      </Card>
      {tab === 'settings' && company.role === 'owner' && <DangerZone company={company} />}
      <Dialog open={creating} onClose={() => setCreating(false)} maxWidth="md" fullWidth aria-labelledby="new-company-title">
        <DialogTitle id="new-company-title"><FormattedMessage id="company.new" /></DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}><CreateCompanyForm onCreated={() => setCreating(false)} onCancel={() => setCreating(false)} /></Box>
        </DialogContent>
      </Dialog>
    </Stack>
  );
}

function DangerZone({ company }: { company: Company }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteCompany(company.slug),
    onSuccess: async () => {
      setConfirming(false);
      snackbar.success(intl.formatMessage({ id: 'company.deleted' }, { name: company.name }));
      queryClient.removeQueries({ queryKey: companyQueryKey(company.slug) });
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    },
    onError: (error) => { setConfirming(false); snackbar.error(errorText(error)); },
  });
  return (
    <Card variant="outlined" sx={{ borderColor: 'error.main' }}>
      <CardContent sx={{ p: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}><FormattedMessage id="company.delete.title" /></Typography>
            <Typography variant="body2" color="text.secondary"><FormattedMessage id="company.delete.text" /></Typography>
          </Box>
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}><FormattedMessage id="company.delete.button" /></Button>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={<FormattedMessage id="company.delete.confirmTitle" values={{ name: company.name }} />}
        text={<FormattedMessage id="company.delete.confirmText" values={{ name: <strong>{company.name}</strong> }} />}
        confirmLabel={<FormattedMessage id="company.delete.button" />}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
