import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { kindTakesYear, type LookupDataKind, lookupDataKinds, type LookupLoad, type LookupLoadStatus } from '../../../common/admin/schemas.js';
import { defaultTariffYear, tariffYears } from '../../../common/lookup/query.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { uploadWorkbook } from '../../imports/import-api.js';
import { useImportErrorText, useWhen } from '../../imports/use-import-text.js';
import { ListTable } from '../company/ListTable.js';
import { adminQueryKey, isLoadRunning, listLookupLoads, startLookupLoad } from './admin-api.js';
import { AdminPager } from './AdminLayout.js';

const POLL_MS = 1000;
const accepted = ['.csv', '.xlsx'];

const statusColor: Record<LookupLoadStatus, ChipProps['color']> = { queued: 'default', running: 'info', succeeded: 'success', failed: 'error', interrupted: 'warning' };

/** A load's state as its stage says it: waiting after the upload, reading, replacing, then done or failed. */
function LoadState({ load }: { load: LookupLoad }) {
  const intl = useIntl();
  const stateId = load.status === 'running' && load.stage ? `admin.lookup.stages.${load.stage}` : `admin.lookup.status.${load.status}`;
  return (
    <Box sx={{ minWidth: 160 }}>
      <Chip size="small" color={statusColor[load.status]} variant={load.status === 'queued' ? 'outlined' : 'filled'} label={<FormattedMessage id={stateId} />} data-testid="load-status" />
      {isLoadRunning(load) && <LinearProgress sx={{ mt: 0.75 }} aria-label={intl.formatMessage({ id: stateId })} />}
    </Box>
  );
}

/** Why a load failed, in the reader's language when its code is known; the server's English text otherwise. */
function useLoadFailureText(): (load: LookupLoad) => string | null {
  const intl = useIntl();
  return (load) => {
    if (!load.failure) return load.error;
    const { code, values } = load.failure;
    const reason = typeof values.reason === 'string' ? `imports.errors.reasons.${values.reason}` : null;
    if (code === 'unreadable' && reason && intl.messages[reason] !== undefined) return intl.formatMessage({ id: reason }, { limit: '' });
    const id = `admin.lookup.failures.${code}`;
    return intl.messages[id] !== undefined ? intl.formatMessage({ id }, { ...values, error: load.error ?? '' }) : load.error;
  };
}

/** Chooses the kind, the year and the file, uploads it with its progress, and queues the load. */
function LoadForm() {
  const intl = useIntl();
  const snackbar = useSnackbar();
  const importErrorText = useImportErrorText();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<LookupDataKind>('tariff');
  const [year, setYear] = useState(String(defaultTariffYear));
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const load = useMutation({
    mutationFn: async (chosen: File) => {
      setSent(0);
      const uploaded = await uploadWorkbook(chosen, setSent);
      return startLookupLoad({ kind, ...(kindTakesYear(kind) ? { year: Number(year) } : {}), upload_id: uploaded.upload_id });
    },
    onSuccess: async (queued) => {
      snackbar.success(intl.formatMessage({ id: 'admin.lookup.queued' }, { file: queued.file_name }));
      setFile(null);
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: adminQueryKey('lookup-loads') });
    },
    onSettled: () => setSent(null),
  });
  const choose = (chosen: File | null) => {
    load.reset();
    setFile(chosen);
    setFileError(chosen && !accepted.some((extension) => chosen.name.toLowerCase().endsWith(extension)) ? intl.formatMessage({ id: 'admin.lookup.wrongType' }) : null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) { setFileError(intl.formatMessage({ id: 'admin.lookup.chooseFile' })); return; }
    if (!fileError) load.mutate(file);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h6" component="h2"><FormattedMessage id="admin.lookup.title" /></Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}><FormattedMessage id="admin.lookup.text" /></Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField select size="small" value={kind} onChange={(event) => setKind(event.target.value as LookupDataKind)} label={<FormattedMessage id="admin.lookup.kind" />} sx={{ minWidth: 240 }} data-testid="load-kind">
          {lookupDataKinds.map((entry) => <MenuItem key={entry} value={entry}><FormattedMessage id={`admin.lookup.kinds.${entry}`} /></MenuItem>)}
        </TextField>
        {kindTakesYear(kind) && (
          <TextField select size="small" value={year} onChange={(event) => setYear(event.target.value)} label={<FormattedMessage id="admin.lookup.year" />} sx={{ minWidth: 120 }}>
            {tariffYears.map((entry) => <MenuItem key={entry} value={String(entry)}>{entry}</MenuItem>)}
          </TextField>
        )}
        <Box>
          <Button variant="outlined" component="label" startIcon={<UploadFileOutlined />} sx={{ height: 40 }}>
            <FormattedMessage id="admin.lookup.chooseFile" />
            <input ref={input} type="file" hidden accept={accepted.join(',')} onChange={(event) => choose(event.target.files?.[0] ?? null)} data-testid="load-file" />
          </Button>
          <Typography variant="body2" color={fileError ? 'error' : 'text.secondary'} sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {fileError ?? file?.name ?? <FormattedMessage id="admin.lookup.noFile" />}
          </Typography>
        </Box>
        <Button type="submit" variant="contained" loading={load.isPending} sx={{ height: 40 }} data-testid="start-load"><FormattedMessage id="admin.lookup.start" /></Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}><FormattedMessage id={`admin.lookup.hints.${kind}`} /></Typography>
      {sent !== null && (
        <Box sx={{ mt: 1.5, maxWidth: 480 }}>
          <Typography variant="caption" color="text.secondary"><FormattedMessage id="admin.lookup.uploading" values={{ percent: Math.round(sent * 100) }} /></Typography>
          <LinearProgress variant="determinate" value={sent * 100} aria-label={intl.formatMessage({ id: 'admin.lookup.uploadProgress' })} />
        </Box>
      )}
      {load.isError && <Alert severity="error" sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>{importErrorText(load.error)}</Alert>}
    </Box>
  );
}

/** Lookup data loads: a new load's form, and the history with the running load's stage, followed until it ends. */
export function LookupDataPanel() {
  const intl = useIntl();
  const when = useWhen();
  const errorText = useErrorText();
  const failureText = useLoadFailureText();
  const [page, setPage] = useState(0);
  const loads = useQuery({
    queryKey: adminQueryKey('lookup-loads', page),
    queryFn: () => listLookupLoads(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some(isLoadRunning) ? POLL_MS : false),
  });
  const seconds = (ms: number) => intl.formatNumber(ms / 1000, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 });

  return (
    <Stack spacing={3}>
      <LoadForm />
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}><FormattedMessage id="admin.lookup.history" /></Typography>
        {loads.isError && <Alert severity="error">{errorText(loads.error)}</Alert>}
        {loads.data?.count === 0 && <Typography color="text.secondary"><FormattedMessage id="admin.lookup.none" /></Typography>}
        <ListTable labelId="admin.lookup.history" columnIds={['date', 'kind', 'file', 'by', 'state', 'rows', 'duration'].map((column) => `admin.lookup.columns.${column}`)} actions={false}>
          {loads.data?.results.map((load) => {
            const failure = load.status === 'failed' || load.status === 'interrupted' ? failureText(load) : null;
            return (
              <TableRow key={load.id} data-load={load.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(load.created_at)}</TableCell>
                <TableCell>
                  <FormattedMessage id={`admin.lookup.kinds.${load.kind}`} />
                  {load.year !== null && <Typography component="span" color="text.secondary"> · {load.year}</Typography>}
                </TableCell>
                <TableCell sx={{ minWidth: 140, maxWidth: 260, wordBreak: 'break-word' }}>{load.file_name}</TableCell>
                <TableCell>{load.started_by ?? '—'}</TableCell>
                <TableCell>
                  <LoadState load={load} />
                  {failure && <Typography variant="body2" color="error" sx={{ mt: 0.5, maxWidth: 360 }} data-testid="load-error">{failure}</Typography>}
                </TableCell>
                <TableCell align="right" data-testid="load-rows">
                  {load.rows !== null ? intl.formatNumber(load.rows) : load.rows_read !== null ? <FormattedMessage id="admin.lookup.rowsRead" values={{ count: load.rows_read }} /> : '—'}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{load.duration_ms !== null ? seconds(load.duration_ms) : '—'}</TableCell>
              </TableRow>
            );
          })}
        </ListTable>
        <AdminPager count={loads.data?.count ?? 0} page={page} onPageChange={setPage} />
      </Box>
    </Stack>
  );
}
