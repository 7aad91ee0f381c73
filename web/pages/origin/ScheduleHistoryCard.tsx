import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { agreements } from '../../../common/agreements.js';
import { type DossierForm, dossierForms, type ScheduleAnswer, type ScheduleHistory } from '../../../common/origin/schemas.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';
import {
  deleteSavedSchedule, deleteWordUpload, type DocumentOptions, downloadMergedDocuments, downloadScheduleDocument, listWordUploads, type MergeEntry, recalculateSchedule,
  uploadWordDocument,
} from './origin-api.js';

type Scope = { company_slug: string; folder_slug: string };
/** Short cells keep to one line: squeezed, a date or a declaration number breaks into unreadable pieces. */
const oneLine = { whiteSpace: 'nowrap' } as const;

/**
 * The saved schedules: each downloads as its bảng kê in Word or Excel, recalculates on today's data, or is deleted
 * (releasing its C/O stock); several selected download merged into one document, in Word with the company's uploaded
 * documents (a signed supplier declaration, a cover letter) in the order they were selected.
 */
export function ScheduleHistoryCard({ scope, entries, canSave, onRecalculated }: {
  scope: Scope; entries: ScheduleHistory[]; canSave: boolean; onRecalculated: (answer: ScheduleAnswer) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<MergeEntry[]>([]);
  const selected = order.filter((entry) => entry.kind === 'schedule').map((entry) => entry.id);
  const setSelected = (change: (current: number[]) => number[]) => {
    const kept = change(selected);
    setOrder((current) => current.filter((entry) => entry.kind === 'upload' || kept.includes(entry.id)));
  };
  const uploads = useQuery({ queryKey: ['origin', 'uploads', scope.company_slug], queryFn: () => listWordUploads(scope.company_slug), enabled: scope.company_slug !== '' });
  const refreshUploads = () => queryClient.invalidateQueries({ queryKey: ['origin', 'uploads'] });
  const upload = useMutation({
    mutationFn: (file: File) => uploadWordDocument(scope.company_slug, file),
    onSuccess: async (saved) => { snackbar.success(intl.formatMessage({ id: 'origin.uploads.uploaded' }, { name: saved.file })); await refreshUploads(); },
    onError: (error: unknown) => snackbar.error(errorText(error)),
  });
  const removeUpload = useMutation({
    mutationFn: (id: number) => deleteWordUpload(scope.company_slug, id),
    onSuccess: async (_answer, id) => { setOrder((current) => current.filter((entry) => !(entry.kind === 'upload' && entry.id === id))); await refreshUploads(); },
    onError: (error: unknown) => snackbar.error(errorText(error)),
  });
  const position = (kind: MergeEntry['kind'], id: number) => order.findIndex((entry) => entry.kind === kind && entry.id === id) + 1;
  const pick = (entry: MergeEntry, on: boolean) => setOrder((current) => (on ? [...current, entry] : current.filter((other) => !(other.kind === entry.kind && other.id === entry.id))));
  const uploadsPicked = order.some((entry) => entry.kind === 'upload');
  const [formType, setFormType] = useState<1 | 2>(1);
  const [title, setTitle] = useState<1 | 2>(1);
  const [form, setForm] = useState<DossierForm | ''>('');
  const options = (format: DocumentOptions['format']): DocumentOptions => ({ format, word_form_type: formType, word_title: title, ...(form ? { form } : {}) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['origin', 'history'] });
  const onError = (error: unknown) => snackbar.error(errorText(error));
  const onDownloaded = (name: string) => snackbar.success(intl.formatMessage({ id: 'origin.history.downloaded' }, { name }));

  const download = useMutation({ mutationFn: ({ id, format }: { id: number; format: DocumentOptions['format'] }) => downloadScheduleDocument(scope, id, options(format)), onSuccess: onDownloaded, onError });
  const merge = useMutation({
    // The merged document lists the schedules and uploads in the order they were selected.
    mutationFn: (format: DocumentOptions['format']) => downloadMergedDocuments(scope, order, options(format)),
    onSuccess: onDownloaded, onError,
  });
  const recalculate = useMutation({
    mutationFn: (id: number) => recalculateSchedule(scope, id),
    onSuccess: async (answer, id) => {
      setSelected((current) => current.filter((entry) => entry !== id));
      onRecalculated(answer);
      snackbar.success(intl.formatMessage({ id: 'origin.history.recalculated' }));
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteSavedSchedule(scope, id),
    onSuccess: async (_answer, id) => { setSelected((current) => current.filter((entry) => entry !== id)); snackbar.success(intl.formatMessage({ id: 'origin.history.deleted' })); await refresh(); },
    onError,
  });
  const toggle = (id: number, on: boolean) => pick({ kind: 'schedule', id }, on);
  const busy = (id: number, format: DocumentOptions['format']) => download.isPending && download.variables?.id === id && download.variables.format === format;

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}><FormattedMessage id="origin.history.title" /></Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}><FormattedMessage id="origin.history.text" /></Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
          <TextField select size="small" label={intl.formatMessage({ id: 'origin.history.form' })} value={form} onChange={(event) => setForm(event.target.value as DossierForm | '')} sx={{ minWidth: 220 }} data-testid="dossier-form"
            // The default, the form of the criterion met, is the empty value: shown, not left blank under the label.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
            <MenuItem value=""><FormattedMessage id="origin.history.forms.met" /></MenuItem>
            {dossierForms.map((value) => <MenuItem key={value} value={value}><FormattedMessage id={`origin.history.forms.${value}`} /></MenuItem>)}
          </TextField>
          <TextField select size="small" label={intl.formatMessage({ id: 'origin.history.formType' })} value={formType} onChange={(event) => setFormType(Number(event.target.value) === 2 ? 2 : 1)} sx={{ minWidth: 220 }}>
            {([1, 2] as const).map((value) => <MenuItem key={value} value={value}><FormattedMessage id={`origin.history.formTypes.${value}`} /></MenuItem>)}
          </TextField>
          <TextField select size="small" label={intl.formatMessage({ id: 'origin.history.wordTitle' })} value={title} onChange={(event) => setTitle(Number(event.target.value) === 2 ? 2 : 1)} sx={{ minWidth: 220 }}>
            {([1, 2] as const).map((value) => <MenuItem key={value} value={value}><FormattedMessage id={`origin.history.wordTitles.${value}`} /></MenuItem>)}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}><FormattedMessage id="origin.history.selected" values={{ count: order.length }} /></Typography>
          <Button size="small" variant="outlined" disabled={order.length === 0} loading={merge.isPending && merge.variables === 'docx'} onClick={() => merge.mutate('docx')} data-testid="merge-docx">
            <FormattedMessage id="origin.history.mergeWord" />
          </Button>
          <Button size="small" variant="outlined" disabled={selected.length === 0 || uploadsPicked} loading={merge.isPending && merge.variables === 'xlsx'} onClick={() => merge.mutate('xlsx')} data-testid="merge-xlsx">
            <FormattedMessage id="origin.history.mergeExcel" />
          </Button>
        </Stack>
        {/* On a phone the columns scroll sideways inside the card rather than being cut off by it. */}
        <TableContainer>
          <Table size="small" data-testid="schedule-history">
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell padding="checkbox">
                    <Checkbox size="small" checked={position('schedule', entry.id) > 0} onChange={(event) => toggle(entry.id, event.target.checked)}
                      slotProps={{ input: { 'aria-label': intl.formatMessage({ id: 'origin.history.select' }, { declaration: entry.account_number, agreement: agreements[entry.option].name }) } }} />
                  </TableCell>
                  <TableCell sx={oneLine}>{intl.formatDate(entry.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</TableCell>
                  <TableCell sx={oneLine}>{entry.account_number}</TableCell>
                  <TableCell data-testid="history-product" sx={{ minWidth: 160 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>{entry.product_code}</Typography>
                    {entry.product_name && <Typography variant="caption" color="text.secondary">{entry.product_name}</Typography>}
                  </TableCell>
                  <TableCell sx={oneLine}>{agreements[entry.option].name}</TableCell>
                  <TableCell sx={oneLine} data-testid="history-co-form"><FormattedMessage id="origin.history.coForm" values={{ form: entry.co_form }} /></TableCell>
                  <TableCell>
                    <Chip size="small" color={entry.fulfill_criteria === null ? 'default' : entry.fulfill_criteria ? 'success' : 'warning'}
                      label={<FormattedMessage id={entry.fulfill_criteria === null ? 'origin.reasons.no_rule' : entry.fulfill_criteria ? 'origin.reasons.met' : 'origin.reasons.not_met'} />} />
                  </TableCell>
                  <TableCell align="right" sx={{ minWidth: 170 }}>
                    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                      <Button size="small" loading={busy(entry.id, 'docx')} onClick={() => download.mutate({ id: entry.id, format: 'docx' })} data-testid={`word-${entry.id}`}><FormattedMessage id="origin.history.word" /></Button>
                      <Button size="small" loading={busy(entry.id, 'xlsx')} onClick={() => download.mutate({ id: entry.id, format: 'xlsx' })} data-testid={`excel-${entry.id}`}><FormattedMessage id="origin.history.excel" /></Button>
                      {canSave && (
                        <Button size="small" loading={recalculate.isPending && recalculate.variables === entry.id} onClick={() => recalculate.mutate(entry.id)} data-testid={`recalculate-${entry.id}`}>
                          <FormattedMessage id="origin.history.recalculate" />
                        </Button>
                      )}
                      {canSave && <Button size="small" color="error" onClick={() => remove.mutate(entry.id)}><FormattedMessage id="origin.history.delete" /></Button>}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
          <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}><FormattedMessage id="origin.uploads.title" /></Typography>
          {canSave && (
            <Button size="small" variant="outlined" component="label" loading={upload.isPending}>
              <FormattedMessage id="origin.uploads.add" />
              <input hidden type="file" accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document" data-testid="upload-docx"
                onChange={(event) => { const file = event.target.files?.[0]; event.target.value = ''; if (file) upload.mutate(file); }} />
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary"><FormattedMessage id="origin.uploads.text" /></Typography>
        <Table size="small" data-testid="word-uploads">
          <TableBody>
            {(uploads.data?.results ?? []).map((entry) => (
              <TableRow key={entry.id}>
                <TableCell padding="checkbox">
                  <Checkbox size="small" checked={position('upload', entry.id) > 0} onChange={(event) => pick({ kind: 'upload', id: entry.id }, event.target.checked)}
                    slotProps={{ input: { 'aria-label': intl.formatMessage({ id: 'origin.uploads.select' }, { name: entry.file }) } }} />
                </TableCell>
                <TableCell>{entry.file}</TableCell>
                <TableCell>{formatBusinessDay(intl, entry.uploaded_at)}</TableCell>
                <TableCell>{position('upload', entry.id) > 0 && <Chip size="small" label={intl.formatMessage({ id: 'origin.uploads.position' }, { n: position('upload', entry.id) })} />}</TableCell>
                <TableCell align="right">{canSave && <Button size="small" color="error" onClick={() => removeUpload.mutate(entry.id)}><FormattedMessage id="origin.history.delete" /></Button>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {uploads.data?.results.length === 0 && <Typography variant="body2" color="text.secondary"><FormattedMessage id="origin.uploads.empty" /></Typography>}
      </CardContent>
    </Card>
  );
}
