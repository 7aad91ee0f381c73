import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { emailSchema } from '../../../common/accounts/schemas.js';
import { bcqtSubTypes, biReportInputSchema, biReportTypes } from '../../../common/reports/schemas.js';
import { ApiError } from '../../app/api.js';
import { ConfirmDialog } from '../../app/ConfirmDialog.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { ListTable, RowAction } from '../company/ListTable.js';
import { adminQueryKey, assignReports, type CatalogueEntry, deleteReport, listCatalogue, saveReport } from './admin-api.js';

const catalogueKey = adminQueryKey('reports');

/** A report's type as the catalogue shows it: BCQT with its regime. */
function ReportType({ report }: { report: Pick<CatalogueEntry, 'type' | 'sub_type'> }) {
  return (
    <>
      <FormattedMessage id={`admin.reports.types.${report.type}`} />
      {report.sub_type && <> · <FormattedMessage id={`admin.reports.subTypes.${report.sub_type}`} /></>}
    </>
  );
}

/** Adds a report to the catalogue or changes one; the embed address must be on a report origin the server allows. */
function ReportDialog({ report, onClose }: { report: CatalogueEntry | null; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const form = useApiForm({
    initial: { name: report?.name ?? '', embed_url: report?.embed_url ?? '', type: report?.type ?? biReportTypes[0], sub_type: report?.sub_type ?? '' },
    toPayload: (values) => ({
      name: values.name.trim(),
      embed_url: values.embed_url.trim(),
      type: values.type as (typeof biReportTypes)[number],
      sub_type: values.type === 'BCQT' && values.sub_type ? values.sub_type as (typeof bcqtSubTypes)[number] : null,
    }),
    schema: biReportInputSchema,
    messageIds: { name: 'admin.reports.validation.name', embed_url: 'admin.reports.validation.embedUrl', sub_type: 'admin.reports.validation.subType' },
    submit: (body) => saveReport(body, report?.id),
    onSuccess: async (saved) => {
      snackbar.success(intl.formatMessage({ id: report ? 'admin.reports.saved' : 'admin.reports.added' }, { name: saved.name }));
      await queryClient.invalidateQueries({ queryKey: catalogueKey });
      onClose();
    },
  });
  return (
    <Dialog open onClose={form.submitting ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="report-dialog-title">
      <form onSubmit={form.onSubmit} noValidate>
        <DialogTitle id="report-dialog-title"><FormattedMessage id={report ? 'admin.reports.editTitle' : 'admin.reports.addTitle'} /></DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField {...form.field('name')} label={<FormattedMessage id="admin.reports.name" />} required autoFocus />
            <TextField {...form.field('embed_url')} label={<FormattedMessage id="admin.reports.embedUrl" />} required
              helperText={form.fieldErrors.embed_url ?? <FormattedMessage id="admin.reports.embedUrlHint" />} />
            <TextField {...form.field('type')} select label={<FormattedMessage id="admin.reports.type" />}>
              {biReportTypes.map((type) => <MenuItem key={type} value={type}><FormattedMessage id={`admin.reports.types.${type}`} /></MenuItem>)}
            </TextField>
            {form.values.type === 'BCQT' && (
              <TextField {...form.field('sub_type')} select required label={<FormattedMessage id="admin.reports.subType" />}>
                {bcqtSubTypes.map((subType) => <MenuItem key={subType} value={subType}><FormattedMessage id={`admin.reports.subTypes.${subType}`} /></MenuItem>)}
              </TextField>
            )}
            {form.formError && <Alert severity="error">{form.formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={form.submitting}><FormattedMessage id="company.cancel" /></Button>
          <Button type="submit" variant="contained" loading={form.submitting} data-testid="save-report"><FormattedMessage id="admin.reports.save" /></Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Which reports one user sees: the whole assignment is replaced at once, as the API does. */
function AssignmentCard({ catalogue }: { catalogue: CatalogueEntry[] }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const assignedTo = (address: string) => new Set(catalogue.filter((entry) => entry.users.includes(address.trim().toLowerCase())).map((entry) => entry.id));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [selected, setSelected] = useState<Set<number>>(() => assignedTo(email));
  const [emailError, setEmailError] = useState<string | null>(null);
  const assign = useMutation({
    mutationFn: (address: string) => assignReports(address, [...selected]),
    onSuccess: async (_answer, address) => {
      snackbar.success(intl.formatMessage({ id: 'admin.reports.assign.done' }, { email: address, count: selected.size }));
      await queryClient.invalidateQueries({ queryKey: catalogueKey });
    },
  });
  const toggle = (id: number) => setSelected((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) { setEmailError(intl.formatMessage({ id: 'auth.validation.email' })); return; }
    setEmailError(null);
    assign.mutate(parsed.data);
  };
  const failure = assign.error instanceof ApiError && assign.error.status === 404
    ? intl.formatMessage({ id: 'admin.reports.assign.noUser' }, { email: email.trim() })
    : assign.error ? errorText(assign.error) : null;

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h6" component="h2"><FormattedMessage id="admin.reports.assign.title" /></Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}><FormattedMessage id="admin.reports.assign.text" /></Typography>
      <Stack spacing={2}>
        <TextField
          size="small" type="email" value={email} sx={{ maxWidth: 420 }}
          onChange={(event) => { setEmail(event.target.value); setEmailError(null); }}
          // Leaving the field shows what the person holds now, to change rather than retype.
          onBlur={() => setSelected(assignedTo(email))}
          label={<FormattedMessage id="admin.reports.assign.email" />} error={emailError !== null} helperText={emailError} data-testid="assign-email"
        />
        {catalogue.length === 0 ? <Typography color="text.secondary"><FormattedMessage id="admin.reports.empty" /></Typography> : (
          <FormGroup>
            {catalogue.map((entry) => (
              <FormControlLabel
                key={entry.id}
                control={<Checkbox checked={selected.has(entry.id)} onChange={() => toggle(entry.id)} />}
                label={<>{entry.name} <Typography component="span" variant="body2" color="text.secondary">(<ReportType report={entry} />)</Typography></>}
              />
            ))}
          </FormGroup>
        )}
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button type="submit" variant="contained" loading={assign.isPending} data-testid="assign-reports"><FormattedMessage id="admin.reports.assign.save" /></Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The BI report catalogue (add, change, remove) and the reports each user is assigned. */
export function ReportsPanel() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const catalogue = useQuery({ queryKey: catalogueKey, queryFn: listCatalogue });
  const [editing, setEditing] = useState<CatalogueEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<CatalogueEntry | null>(null);
  const remove = useMutation({
    mutationFn: (report: CatalogueEntry) => deleteReport(report.id),
    onSuccess: async (_answer, report) => {
      setRemoving(null);
      snackbar.success(intl.formatMessage({ id: 'admin.reports.deleted' }, { name: report.name }));
      await queryClient.invalidateQueries({ queryKey: catalogueKey });
    },
    onError: (error) => { setRemoving(null); snackbar.error(errorText(error)); },
  });
  const reports = catalogue.data?.results ?? [];

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h6" component="h2"><FormattedMessage id="admin.reports.title" /></Typography>
          <Typography variant="body2" color="text.secondary"><FormattedMessage id="admin.reports.text" /></Typography>
        </Box>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')} data-testid="add-report"><FormattedMessage id="admin.reports.add" /></Button>
      </Stack>
      {catalogue.isError && <Alert severity="error">{errorText(catalogue.error)}</Alert>}
      {catalogue.data && reports.length === 0 && <Typography color="text.secondary"><FormattedMessage id="admin.reports.empty" /></Typography>}
      {reports.length > 0 && (
        <ListTable labelId="admin.reports.title" columnIds={['name', 'type', 'embedUrl', 'users'].map((column) => `admin.reports.columns.${column}`)} actions>
          {reports.map((report) => (
            <TableRow key={report.id} hover data-report={report.name}>
              <TableCell sx={{ fontWeight: 500 }}>{report.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}><ReportType report={report} /></TableCell>
              <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}><Typography variant="body2" color="text.secondary">{report.embed_url}</Typography></TableCell>
              <TableCell>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {report.users.length === 0 ? <Typography variant="body2" color="text.secondary"><FormattedMessage id="admin.reports.nobody" /></Typography>
                    : report.users.map((address) => <Chip key={address} size="small" label={address} />)}
                </Stack>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowAction title={intl.formatMessage({ id: 'admin.reports.edit' })} label={intl.formatMessage({ id: 'admin.reports.editOf' }, { name: report.name })} icon={<EditOutlined />} onClick={() => setEditing(report)} />
                <RowAction title={intl.formatMessage({ id: 'admin.reports.delete' })} label={intl.formatMessage({ id: 'admin.reports.deleteOf' }, { name: report.name })} icon={<DeleteOutlined />} onClick={() => setRemoving(report)} />
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      <Divider />
      {/* Drawn once the catalogue is known, so that an address given in the link starts with its current reports ticked. */}
      {catalogue.data && <AssignmentCard catalogue={reports} />}
      {editing !== null && <ReportDialog report={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={<FormattedMessage id="admin.reports.deleteTitle" />}
        text={<FormattedMessage id="admin.reports.deleteText" values={{ name: removing?.name ?? '', users: removing?.users.length ?? 0 }} />}
        confirmLabel={<FormattedMessage id="admin.reports.delete" />}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
