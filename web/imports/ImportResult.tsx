import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import { ClassificationConflictsAlert } from '../precedents/ClassificationConflictsAlert.js';
import { downloadRejected, type ImportRecord, type ImportRowError, isRunning } from './import-api.js';
import { rowMessageKey, runningRows } from './record-view.js';
import { useFailureText, useImportErrorText } from './use-import-text.js';

/** The row errors of an import: sheet row, column, field and message. */
export function ImportErrorsTable({ errors, total, fieldLabel, maxHeight = 320 }: {
  errors: readonly ImportRowError[];
  /** How many rows were refused in all; the record keeps the first 1,000 messages. */
  total: number;
  fieldLabel: (name: string) => string;
  maxHeight?: number;
}) {
  const intl = useIntl();
  const messageText = (message: string) => {
    const known = rowMessageKey(message);
    return known ? intl.formatMessage({ id: `imports.rowErrors.${known.key}` }, { value: known.value ?? '' }) : message;
  };
  return (
    <Stack spacing={1}>
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight }}>
        <Table size="small" stickyHeader aria-label={intl.formatMessage({ id: 'imports.result.errorsTitle' })} data-testid="import-errors">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, width: 72 }} align="right"><FormattedMessage id="imports.result.row" /></TableCell>
              <TableCell sx={{ fontWeight: 600, width: 80 }}><FormattedMessage id="imports.result.column" /></TableCell>
              <TableCell sx={{ fontWeight: 600, width: 200 }}><FormattedMessage id="imports.result.field" /></TableCell>
              <TableCell sx={{ fontWeight: 600 }}><FormattedMessage id="imports.result.message" /></TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((error, index) => (
              <TableRow key={`${error.row ?? ''}:${error.column ?? ''}:${index}`}>
                <TableCell align="right">{error.row ?? '—'}</TableCell>
                <TableCell>{error.column ?? '—'}</TableCell>
                <TableCell>{error.field ? fieldLabel(error.field) : '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{messageText(error.message)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total > errors.length && (
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="imports.result.errorsCut" values={{ shown: errors.length, count: total }} />
        </Typography>
      )}
    </Stack>
  );
}

/** Saves an import's refused rows as a workbook ready to fix and upload again. */
export function DownloadRejectedButton({ record, size = 'medium' }: { record: ImportRecord; size?: 'small' | 'medium' }) {
  const snackbar = useSnackbar();
  const intl = useIntl();
  const importErrorText = useImportErrorText();
  const download = useMutation({
    mutationFn: () => downloadRejected(record, intl.locale),
    onSuccess: (name) => snackbar.success(intl.formatMessage({ id: 'imports.result.downloaded' }, { name })),
    onError: (error) => snackbar.error(importErrorText(error)),
  });
  return (
    <Button size={size} variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => download.mutate()} loading={download.isPending} data-testid="download-rejected">
      <FormattedMessage id="imports.result.downloadRejected" />
    </Button>
  );
}

/** A running import's rows: done out of the total, or read so far. */
export function RunningRowsText({ record }: { record: ImportRecord }) {
  const rows = runningRows(record);
  const rate = record.rows_per_second ?? null;
  if (rows.kind === 'share') {
    return (
      <>
        <FormattedMessage id="imports.result.rows" values={{ done: rows.done, total: rows.total }} />
        {rate !== null && rate > 0 && <> · <FormattedMessage id="imports.result.rate" values={{ rate }} /></>}
      </>
    );
  }
  if (rows.kind === 'read') return <FormattedMessage id="imports.result.rowsRead" values={{ count: rows.read }} />;
  return <FormattedMessage id="imports.result.reading" />;
}

/** The running import's progress, then its summary: inserted and refused rows, the row errors, or why it failed. */
export function ImportResult({ record, fieldLabel }: { record: ImportRecord; fieldLabel: (name: string) => string }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const failure = record.status === 'failed' ? failureText(record) : null;
  const running = isRunning(record);
  const measured = record.status === 'running' && record.progress > 0;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }} data-testid="import-result" data-status={record.status}>
      {running && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
            <FormattedMessage id={record.status === 'queued' ? 'imports.result.queued' : 'imports.result.running'} values={{ file: record.from_file }} />
          </Typography>
          <LinearProgress
            variant={measured ? 'determinate' : 'indeterminate'}
            value={record.progress}
            sx={{ height: 8, borderRadius: 4, my: 2 }}
            aria-label={intl.formatMessage({ id: 'imports.result.progress' })}
          />
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary" data-testid="import-rows-done">
              <RunningRowsText record={record} />
            </Typography>
            {measured && <Typography variant="body2" sx={{ fontWeight: 600 }}>{intl.formatNumber(record.progress / 100, { style: 'percent' })}</Typography>}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            <FormattedMessage id="imports.result.background" />
          </Typography>
        </Paper>
      )}

      {!running && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {record.status === 'succeeded'
              ? <CheckCircleOutlined color="success" sx={{ fontSize: 40 }} />
              : <ErrorOutlineOutlined color={record.status === 'failed' ? 'error' : 'disabled'} sx={{ fontSize: 40 }} />}
            <Box>
              <Typography variant="h6" component="p" sx={{ fontWeight: 600 }} data-testid="import-outcome">
                <FormattedMessage id={`imports.result.title.${record.status}`} />
              </Typography>
              <Typography variant="body2" color="text.secondary">{record.from_file}</Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={4} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 2 }}>
            {([
              ['inserted', record.inserted, record.inserted > 0 ? 'success.main' : 'text.primary'],
              ['rejected', record.rejected, record.rejected > 0 ? 'error.main' : 'text.primary'],
              ['total', record.total_rows ?? record.inserted + record.rejected, 'text.primary'],
            ] as const).map(([key, value, color]) => (
              <Box key={key}>
                <Typography variant="h4" component="p" sx={{ fontWeight: 600, color }} data-testid={`import-${key}`}>{intl.formatNumber(value)}</Typography>
                <Typography variant="body2" color="text.secondary"><FormattedMessage id={`imports.result.${key}`} /></Typography>
              </Box>
            ))}
          </Stack>
        </Paper>
      )}

      {failure && (
        <Alert severity="error" data-testid="import-traceback">
          <Typography variant="body2" sx={{ fontWeight: 600 }}><FormattedMessage id="imports.result.failedReason" /></Typography>
          <Box component="pre" sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-wrap', fontFamily: 'inherit', fontSize: 'body2.fontSize' }}>{failure}</Box>
        </Alert>
      )}

      {!running && (record.skipped?.length ?? 0) > 0 && (
        <Alert severity="info" data-testid="import-skipped">
          <Typography variant="body2" sx={{ fontWeight: 600 }}><FormattedMessage id="imports.result.skippedTitle" /></Typography>
          {record.skipped!.map((skipped) => (
            <Typography key={skipped.row} variant="body2"><FormattedMessage id="imports.result.skippedRow" values={{ row: skipped.row, kind: skipped.kind }} /></Typography>
          ))}
        </Alert>
      )}

      {record.status === 'succeeded' && (record.classification_conflicts?.count ?? 0) > 0 && <ClassificationConflictsAlert conflicts={record.classification_conflicts!} />}

      {!running && record.errors.length > 0 && (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
              <FormattedMessage id="imports.result.errorsTitle" />
            </Typography>
            {record.rejected > 0 && <DownloadRejectedButton record={record} />}
          </Stack>
          {record.status === 'failed' && !record.keep_posting && (
            <Typography variant="body2" color="text.secondary"><FormattedMessage id="imports.result.nothingWritten" /></Typography>
          )}
          <ImportErrorsTable errors={record.errors} total={Math.max(record.rejected, record.errors.length)} fieldLabel={fieldLabel} />
        </Stack>
      )}
    </Stack>
  );
}
