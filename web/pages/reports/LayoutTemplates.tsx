import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  formColumns, type StatementTemplate, type TemplateForm, templateForms, templateNameSchema, templatePlaceholders,
} from '../../../common/statements/templates.js';
import { ConfirmDialog } from '../../app/ConfirmDialog.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import {
  createTemplate, deleteTemplate, deleteTemplateForm, downloadTemplateForm, listTemplates, renameTemplate, type TemplateOwner, templatesQueryKey,
} from './template-api.js';
import { TemplateFormDialog } from './TemplateFormDialog.js';

/** Adds a template, or renames one: its name only; its forms are uploaded from the list. */
function TemplateNameDialog({ owner, template, onClose, onSaved }: { owner: TemplateOwner; template: StatementTemplate | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const form = useApiForm({
    initial: { name: template?.name ?? '' },
    toPayload: (values) => ({ name: values.name.trim() }),
    schema: templateNameSchema,
    messageIds: { name: 'statements.templates.errors.name' },
    submit: (body) => (template ? renameTemplate(owner, template.id, body.name) : createTemplate(owner, body.name)),
    onSuccess: async () => { await onSaved(); onClose(); },
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="template-name-title">
      <form onSubmit={form.onSubmit} noValidate>
        <DialogTitle id="template-name-title"><FormattedMessage id={template ? 'statements.templates.renameTitle' : 'statements.templates.newTitle'} /></DialogTitle>
        <DialogContent>
          <TextField {...form.field('name')} label={<FormattedMessage id="statements.templates.name" />} required fullWidth autoFocus sx={{ mt: 1 }}
            placeholder="Thông tư 121/2025" slotProps={{ htmlInput: { 'data-testid': 'template-name', maxLength: 120 } }} />
          {form.formError && <Alert severity="error" sx={{ mt: 2 }}>{form.formError}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}><FormattedMessage id="company.cancel" /></Button>
          <Button type="submit" variant="contained" loading={form.submitting} data-testid="template-name-save"><FormattedMessage id={template ? 'company.save' : 'company.create'} /></Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type Removal = { template: StatementTemplate; form: TemplateForm | null };

/**
 * Statement layout templates: the official workbooks a company (or the platform, for every company) uploads per form,
 * with which workbook column each computed column fills. A folder set exports in one when its layout names it.
 * `canEdit`: the company's admins and owners, or a platform administrator; the platform's templates are read only
 * to a company.
 */
export function LayoutTemplates({ owner, canEdit }: { owner: TemplateOwner; canEdit: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const templates = useQuery({ queryKey: templatesQueryKey(owner), queryFn: () => listTemplates(owner) });
  const [naming, setNaming] = useState<StatementTemplate | 'new' | null>(null);
  const [editing, setEditing] = useState<{ template: StatementTemplate; form: TemplateForm } | null>(null);
  const [removing, setRemoving] = useState<Removal | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['statement-templates'] });
  const remove = useMutation({
    mutationFn: ({ template, form }: Removal) => (form ? deleteTemplateForm(owner, template.id, form) : deleteTemplate(owner, template.id)),
    onSuccess: async () => { snackbar.success(intl.formatMessage({ id: 'statements.templates.deleted' })); setRemoving(null); await refresh(); },
    onError: (error) => { snackbar.error(errorText(error)); setRemoving(null); },
  });
  const download = useMutation({
    mutationFn: ({ template, form }: { template: StatementTemplate; form: StatementTemplate['forms'][number] }) => downloadTemplateForm(owner, template.id, form),
    onError: (error) => snackbar.error(errorText(error)),
  });
  const editable = (template: StatementTemplate) => canEdit && (owner.kind === 'platform' || template.scope === 'company');

  return (
    <Stack spacing={2} data-testid="layout-templates">
      <Typography variant="body2" color="text.secondary"><FormattedMessage id={owner.kind === 'platform' ? 'statements.templates.platformText' : 'statements.templates.text'} /></Typography>
      <Alert severity="info"><FormattedMessage id="statements.templates.tt121" /></Alert>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="statements.templates.placeholders" values={{ names: templatePlaceholders.map((name) => `{{${name}}}`).join(', ') }} />
      </Typography>
      {canEdit && (
        <Box><Button variant="contained" startIcon={<AddOutlined />} onClick={() => setNaming('new')} data-testid="template-new"><FormattedMessage id="statements.templates.new" /></Button></Box>
      )}
      {templates.isPending && <LinearProgress />}
      {templates.isError && <Alert severity="error">{errorText(templates.error)}</Alert>}
      {templates.data?.results.length === 0 && <Typography color="text.secondary"><FormattedMessage id="statements.templates.none" /></Typography>}
      {templates.data?.results.map((template) => (
        <Paper key={template.id} variant="outlined" sx={{ p: 2 }} data-testid={`template-${template.id}`}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>{template.name}</Typography>
            {template.scope === 'platform' && owner.kind === 'company' && <Chip size="small" label={<FormattedMessage id="statements.templates.platform" />} />}
            <Typography variant="body2" color="text.secondary"><FormattedMessage id="statements.templates.usedBy" values={{ count: template.used_by }} /></Typography>
            {editable(template) && (
              <Stack direction="row">
                <Tooltip title={intl.formatMessage({ id: 'statements.templates.rename' })}>
                  <IconButton aria-label={intl.formatMessage({ id: 'statements.templates.renameOf' }, { name: template.name })} onClick={() => setNaming(template)}><EditOutlined /></IconButton>
                </Tooltip>
                <Tooltip title={intl.formatMessage({ id: 'statements.templates.delete' })}>
                  <IconButton aria-label={intl.formatMessage({ id: 'statements.templates.deleteOf' }, { name: template.name })} onClick={() => setRemoving({ template, form: null })}><DeleteOutlined /></IconButton>
                </Tooltip>
              </Stack>
            )}
          </Stack>
          <Table size="small" aria-label={template.name}>
            <TableHead>
              <TableRow>
                <TableCell><FormattedMessage id="statements.templates.form" /></TableCell>
                <TableCell><FormattedMessage id="statements.templates.workbook" /></TableCell>
                <TableCell><FormattedMessage id="statements.templates.columnsMapped" /></TableCell>
                <TableCell><FormattedMessage id="statements.templates.uploaded" /></TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {templateForms.map((form) => {
                const stored = template.forms.find((entry) => entry.form === form);
                return (
                  <TableRow key={form} data-testid={`template-${template.id}-${form}`}>
                    <TableCell><FormattedMessage id={`statements.templates.forms.${form}`} /></TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {stored ? (
                        <Button size="small" startIcon={<FileDownloadOutlined />} onClick={() => download.mutate({ template, form: stored })} sx={{ textTransform: 'none' }}>{stored.file_name}</Button>
                      ) : <Typography variant="body2" color="text.secondary"><FormattedMessage id="statements.templates.noWorkbook" /></Typography>}
                    </TableCell>
                    <TableCell>
                      {stored && <FormattedMessage id="statements.templates.mappedCount" values={{ mapped: Object.keys(stored.mapping).length, total: formColumns[form].length, sheet: stored.sheet_name }} />}
                    </TableCell>
                    <TableCell>{stored && formatBusinessDay(intl, stored.uploaded_at.slice(0, 10))}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {editable(template) && (
                        <>
                          <Button size="small" onClick={() => setEditing({ template, form })} data-testid={`template-edit-${form}`}>
                            <FormattedMessage id={stored ? 'statements.templates.editForm' : 'statements.templates.uploadForm'} />
                          </Button>
                          {stored && <Button size="small" color="error" onClick={() => setRemoving({ template, form })}><FormattedMessage id="statements.templates.removeForm" /></Button>}
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      ))}
      {naming && <TemplateNameDialog owner={owner} template={naming === 'new' ? null : naming} onClose={() => setNaming(null)} onSaved={refresh} />}
      {editing && (
        <TemplateFormDialog owner={owner} template={editing.template} form={editing.form} onClose={() => setEditing(null)}
          onSaved={() => { snackbar.success(intl.formatMessage({ id: 'statements.templates.saved' })); setEditing(null); void refresh(); }} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.form
          ? <FormattedMessage id="statements.templates.removeFormTitle" values={{ form: <FormattedMessage id={`statements.templates.forms.${removing.form}`} />, name: removing.template.name }} />
          : <FormattedMessage id="statements.templates.deleteTitle" values={{ name: removing?.template.name }} />}
        text={<FormattedMessage id="statements.templates.deleteText" />}
        confirmLabel={<FormattedMessage id="statements.templates.delete" />}
        pending={remove.isPending}
        onConfirm={() => { if (removing) remove.mutate(removing); }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
