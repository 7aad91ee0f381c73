import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type Company, type FolderSet, folderSetInputSchema, folderSetUpdateSchema, statementLayouts, typeCodes } from '../../../common/accounts/schemas.js';
import { DateField } from '../../app/i18n/DateField.js';
import { useErrorText } from '../../app/session/error-text.js';
import { companyQueryKey } from '../../app/session/SessionProvider.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { canManage, createFolderSet, deleteFolderSet, folderSetsQueryKey, listFolderSets, updateFolderSet } from './company-api.js';
import { ConfirmDialog } from '../../app/ConfirmDialog.js';
import { ListTable, RowAction } from './ListTable.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';
import { withYear } from './folder-period.js';
import { listTemplates, templatesQueryKey } from '../reports/template-api.js';

const folderMessageIds = {
  name: 'company.validation.folderName',
  year: 'company.validation.year',
  date_start: 'account.validation.date',
  date_end: 'company.validation.period',
};

/** A new folder set defaults to the current calendar year. */
function initialValues(folderSet: FolderSet | null) {
  const year = String(new Date().getFullYear());
  return {
    name: folderSet?.name ?? year,
    year: String(folderSet?.year ?? year),
    date_start: folderSet?.date_start ?? `${year}-01-01`,
    date_end: folderSet?.date_end ?? `${year}-12-31`,
    type_code: folderSet?.type_code ?? typeCodes[0],
    folder_type: folderSet?.folder_type ?? '',
    previous_folder_slug: folderSet?.previous_folder_slug ?? '',
    statement_layout: folderSet?.statement_layout ?? statementLayouts[0],
  };
}

/** The period from which Circular 121/2025 replaced the forms of Circular 39/2018. */
const tt121From = '2026-02-01';

function FolderSetDialog({ company, folderSet, onClose }: { company: Company; folderSet: FolderSet | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const templateOwner = { kind: 'company', companySlug: company.slug } as const;
  const templates = useQuery({ queryKey: templatesQueryKey(templateOwner), queryFn: () => listTemplates(templateOwner) });
  const form = useApiForm({
    initial: initialValues(folderSet),
    toPayload: (values) => ({
      name: values.name.trim(),
      year: Number(values.year),
      date_start: values.date_start,
      date_end: values.date_end,
      type_code: values.type_code as (typeof typeCodes)[number],
      folder_type: values.folder_type.trim() === '' ? null : values.folder_type.trim(),
      previous_folder_slug: values.previous_folder_slug === '' ? null : values.previous_folder_slug,
      statement_layout: values.statement_layout,
    }),
    schema: folderSet ? folderSetUpdateSchema : folderSetInputSchema,
    messageIds: folderMessageIds,
    // The update schema cannot compare the two dates; the same rule applies to both.
    check: (values) => (values.date_start && values.date_end && values.date_start > values.date_end ? { date_end: 'company.validation.period' } : null),
    submit: (body) => (folderSet ? updateFolderSet(company.slug, folderSet.slug, body) : createFolderSet(company.slug, body)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: folderSetsQueryKey(company.slug) }),
        queryClient.invalidateQueries({ queryKey: companyQueryKey(company.slug), exact: true }),
      ]);
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="folder-set-title">
      <form onSubmit={form.onSubmit} noValidate>
      <DialogTitle id="folder-set-title"><FormattedMessage id={folderSet ? 'company.folderSets.editTitle' : 'company.folderSets.newTitle'} /></DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 8 }}><TextField {...form.field('name')} label={<FormattedMessage id="company.folderSets.name" />} required fullWidth autoFocus /></Grid>
          <Grid size={{ xs: 12, sm: 4 }}><TextField
            {...form.field('year')}
            onChange={(event) => { const year = event.target.value; form.setValues((current) => withYear(current, year)); }}
            label={<FormattedMessage id="company.folderSets.year" />}
            type="number"
            required
            fullWidth
          /></Grid>
          <Grid size={{ xs: 12, sm: 6 }}><DateField {...form.dateField('date_start')} label={<FormattedMessage id="company.folderSets.start" />} size="medium" fullWidth required /></Grid>
          <Grid size={{ xs: 12, sm: 6 }}><DateField {...form.dateField('date_end')} label={<FormattedMessage id="company.folderSets.end" />} size="medium" fullWidth required /></Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...form.field('type_code')} select label={<FormattedMessage id="company.folderSets.typeCode" />} required fullWidth>
              {typeCodes.map((code) => <MenuItem key={code} value={code}>{code} · <FormattedMessage id={`company.typeCodes.${code}`} /></MenuItem>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}><TextField {...form.field('folder_type')} label={<FormattedMessage id="company.folderSets.folderType" />} fullWidth /></Grid>
          <Grid size={12}>
            <TextField {...form.field('previous_folder_slug')} select fullWidth label={<FormattedMessage id="company.folderSets.previous" />}
              helperText={form.fieldErrors.previous_folder_slug ?? <FormattedMessage id="company.folderSets.previousHelp" />}>
              <MenuItem value=""><FormattedMessage id="company.folderSets.previousNone" /></MenuItem>
              {company.folder_set.filter((set) => set.slug !== folderSet?.slug).map((set) => <MenuItem key={set.slug} value={set.slug}>{set.name} · {set.type_code}</MenuItem>)}
            </TextField>
          </Grid>
          <Grid size={12}>
            <TextField {...form.field('statement_layout')} select fullWidth label={<FormattedMessage id="company.folderSets.layout" />}
              helperText={form.fieldErrors.statement_layout ?? <FormattedMessage id={form.values.statement_layout === statementLayouts[0] && form.values.date_end >= tt121From ? 'company.folderSets.layoutTt121' : 'company.folderSets.layoutHelp'} />}>
              {statementLayouts.map((layout) => <MenuItem key={layout} value={layout}><FormattedMessage id={`company.folderSets.layouts.${layout}`} /></MenuItem>)}
              {templates.data?.results.map((template) => (
                <MenuItem key={template.layout} value={template.layout}>
                  <FormattedMessage id={template.scope === 'platform' ? 'company.folderSets.platformTemplate' : 'company.folderSets.companyTemplate'}
                    values={{ name: template.name, forms: template.forms.map((entry) => entry.form).join(', ') || '—' }} />
                </MenuItem>
              ))}
              {form.values.statement_layout !== statementLayouts[0] && !templates.data?.results.some((template) => template.layout === form.values.statement_layout) && (
                <MenuItem value={form.values.statement_layout}>{form.values.statement_layout}</MenuItem>
              )}
            </TextField>
          </Grid>
        </Grid>
        {form.formError && <Alert severity="error" sx={{ mt: 2 }}>{form.formError}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}><FormattedMessage id="company.cancel" /></Button>
        <Button type="submit" variant="contained" loading={form.submitting}><FormattedMessage id={folderSet ? 'company.save' : 'company.create'} /></Button>
      </DialogActions>
      </form>
    </Dialog>
  );
}

/** The company's folder sets (reporting periods): create, edit and delete with a confirmation naming the set. */
export function FolderSetsPanel({ company }: { company: Company }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const manage = canManage(company.role);
  const folderSets = useQuery({ queryKey: folderSetsQueryKey(company.slug), queryFn: () => listFolderSets(company.slug) });
  const [editing, setEditing] = useState<FolderSet | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FolderSet | null>(null);
  const remove = useMutation({
    mutationFn: (folderSlug: string) => deleteFolderSet(company.slug, folderSlug),
    onSuccess: async () => {
      snackbar.success(intl.formatMessage({ id: 'company.folderSets.deleted' }, { name: deleting?.name ?? '' }));
      setDeleting(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: folderSetsQueryKey(company.slug) }),
        queryClient.invalidateQueries({ queryKey: companyQueryKey(company.slug), exact: true }),
      ]);
    },
    onError: (error) => { setDeleting(null); snackbar.error(errorText(error)); },
  });

  return (
    <Stack spacing={2}>
      {manage && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}><FormattedMessage id="company.folderSets.new" /></Button>
        </Stack>
      )}
      {folderSets.isError && <Alert severity="error">{errorText(folderSets.error)}</Alert>}
      <ListTable
        labelId="company.tabs.folderSets"
        columnIds={['name', 'year', 'period', 'typeCode', 'folderType'].map((column) => `company.folderSets.${column}`)}
        actions={manage}
      >
        {folderSets.data?.results.map((set) => (
          <TableRow key={set.slug} hover>
            <TableCell sx={{ fontWeight: 500 }}>{set.name}</TableCell>
            <TableCell>{set.year}</TableCell>
            <TableCell>
              {formatBusinessDay(intl, set.date_start)} – {formatBusinessDay(intl, set.date_end)}
            </TableCell>
            <TableCell>{set.type_code}</TableCell>
            <TableCell>{set.folder_type}</TableCell>
            {manage && (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowAction
                  title={intl.formatMessage({ id: 'company.folderSets.edit' })}
                  label={intl.formatMessage({ id: 'company.folderSets.editOf' }, { name: set.name })}
                  icon={<EditOutlined />}
                  onClick={() => setEditing(set)}
                />
                <RowAction
                  title={intl.formatMessage({ id: 'company.folderSets.delete' })}
                  label={intl.formatMessage({ id: 'company.folderSets.deleteOf' }, { name: set.name })}
                  icon={<DeleteOutlined />}
                  onClick={() => setDeleting(set)}
                />
              </TableCell>
            )}
          </TableRow>
        ))}
      </ListTable>
      {editing !== null && <FolderSetDialog company={company} folderSet={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={<FormattedMessage id="company.folderSets.deleteTitle" values={{ name: deleting?.name ?? '' }} />}
        text={<FormattedMessage id="company.folderSets.deleteText" values={{ name: <strong>{deleting?.name ?? ''}</strong> }} />}
        confirmLabel={<FormattedMessage id="company.folderSets.delete" />}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.slug)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
