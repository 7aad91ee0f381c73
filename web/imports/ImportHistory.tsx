import CloseOutlined from '@mui/icons-material/CloseOutlined';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import KeyboardArrowUpOutlined from '@mui/icons-material/KeyboardArrowUpOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fieldLabelKey, type ResourceDefinition } from '../../common/resources/define.js';
import { useSession } from '../app/session/SessionProvider.js';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import { useResourceLabels } from '../resources/labels.js';
import { resourceQueryKey } from '../resources/resource-api.js';
import { canRetry, rollbackMessageId, shownStatus } from './history-status.js';
import { importedTables, importRecords, type ImportRecord, type ImportStatus, isIndexing, isRunning, retryImport, rollbackImport } from './import-api.js';
import { DownloadRejectedButton, ImportErrorsTable, RunningRowsText } from './ImportResult.js';
import { useFailureText, useImportErrorText, useWhen } from './use-import-text.js';

/** The server's page size of import records. */
const PAGE_SIZE = 25;
const POLL_MS = 1000;

const statusColor: Record<ImportStatus, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
  interrupted: 'warning',
  rolled_back: 'warning',
};

export const recordsQueryKey = (resource: ResourceDefinition, companySlug: string, folderSlug: string, page: number) =>
  ['imports', 'records', resource.name, companySlug, folderSlug, page] as const;

/** Rolled back imports and failures wrote nothing that could be taken back. */
const canRollBack = (record: ImportRecord) => record.status === 'succeeded' && record.inserted > 0;

/**
 * The imports into one table for the selected folder set, newest first: file, user, type, status and
 * counts, the row errors on demand, the refused rows to download, and a rollback of a whole import.
 */
export function ImportHistory({ resource, canWrite, onClose }: { resource: ResourceDefinition; canWrite: boolean; onClose: () => void }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const importErrorText = useImportErrorText();
  const labels = useResourceLabels(resource);
  const { companySlug, folderSlug } = useSession();
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<ImportRecord | null>(null);
  const [rollbackError, setRollbackError] = useState<string | null>(null);

  const records = useQuery({
    queryKey: recordsQueryKey(resource, companySlug ?? '', folderSlug ?? '', page),
    queryFn: ({ signal }) => importRecords({ companySlug: companySlug ?? '', folderSlug: folderSlug ?? '', table: resource.name, page: page + 1 }, signal),
    enabled: companySlug !== null && folderSlug !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some((record) => isRunning(record) || isIndexing(record)) ? POLL_MS : false),
  });
  const rows = records.data?.results ?? [];

  const fieldLabel = (name: string) => {
    for (const table of importedTables(resource)) {
      const definition = table.fields[name];
      if (definition) {
        const key = fieldLabelKey(name, definition);
        return intl.messages[key] !== undefined ? intl.formatMessage({ id: key }) : name;
      }
    }
    return name;
  };

  const rollback = useMutation({
    mutationFn: (record: ImportRecord) => rollbackImport(record.id),
    onMutate: () => setRollbackError(null),
    onSuccess: () => {
      setConfirming(null);
      snackbar.success(intl.formatMessage({ id: 'imports.history.rolledBack' }));
      for (const table of importedTables(resource)) void queryClient.invalidateQueries({ queryKey: resourceQueryKey(table) });
      void queryClient.invalidateQueries({ queryKey: ['imports', 'records'] });
    },
    onError: (error) => setRollbackError(importErrorText(error)),
  });

  const retry = useMutation({
    mutationFn: (record: ImportRecord) => retryImport(record.id),
    onSuccess: () => {
      setPage(0);
      snackbar.success(intl.formatMessage({ id: 'imports.history.retried' }));
      void queryClient.invalidateQueries({ queryKey: ['imports', 'records'] });
    },
    onError: (error) => snackbar.error(importErrorText(error)),
  });

  const dateText = useWhen();

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="import-history-title" data-testid="import-history">
      <DialogTitle id="import-history-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5 }}>
        <Box sx={{ flexGrow: 1 }}>
          <FormattedMessage id="imports.history.title" values={{ table: labels.title }} />
          <Typography variant="body2" color="text.secondary"><FormattedMessage id="imports.history.subtitle" /></Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={intl.formatMessage({ id: 'imports.wizard.close' })}><CloseOutlined /></IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {records.isFetching && <LinearProgress sx={{ height: 2 }} />}
        {records.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>{importErrorText(records.error)}</Alert>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby="import-history-title">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 40 }} />
                  {['date', 'file', 'user', 'type', 'status', 'rows'].map((key) => (
                    <TableCell key={key} sx={{ fontWeight: 600 }} align={key === 'rows' ? 'right' : 'left'}>
                      <FormattedMessage id={`imports.history.columns.${key}`} />
                    </TableCell>
                  ))}
                  <TableCell sx={{ fontWeight: 600 }} align="right"><FormattedMessage id="imports.history.columns.actions" /></TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((record) => {
                  const expanded = open === record.id;
                  const status = shownStatus(record);
                  const failure = record.status === 'failed' || record.status === 'interrupted' ? failureText(record) : null;
                  const expandable = record.errors.length > 0 || Boolean(failure);
                  return (
                    <Fragment key={record.id}>
                      <TableRow hover data-record={record.id} sx={{ '& > td': { borderBottom: expanded ? 0 : undefined } }}>
                        <TableCell>
                          {expandable && (
                            <IconButton
                              size="small"
                              onClick={() => setOpen(expanded ? null : record.id)}
                              aria-expanded={expanded}
                              aria-label={intl.formatMessage({ id: expanded ? 'imports.history.hideErrors' : 'imports.history.showErrors' })}
                            >
                              {expanded ? <KeyboardArrowUpOutlined fontSize="small" /> : <KeyboardArrowDownOutlined fontSize="small" />}
                            </IconButton>
                          )}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateText(record.date)}</TableCell>
                        <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{record.from_file}</TableCell>
                        <TableCell>{record.imported_by ?? '—'}</TableCell>
                        <TableCell><FormattedMessage id={`imports.history.type.${record.import_type}`} /></TableCell>
                        <TableCell sx={{ minWidth: 140 }}>
                          <Chip size="small" color={status === 'replaced' ? 'default' : statusColor[status]} variant={status === 'queued' ? 'outlined' : 'filled'} label={<FormattedMessage id={`imports.history.status.${status}`} />} data-testid="record-status" />
                          {isRunning(record) && <LinearProgress variant={record.progress > 0 ? 'determinate' : 'indeterminate'} value={record.progress} sx={{ mt: 0.75 }} aria-label={intl.formatMessage({ id: 'imports.result.progress' })} />}
                          {isIndexing(record) && (
                            <Tooltip title={intl.formatMessage({ id: 'imports.history.indexingHint' })}>
                              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }} data-testid="record-indexing">
                                <FormattedMessage id="imports.history.indexing" />
                              </Typography>
                            </Tooltip>
                          )}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {isRunning(record) ? (
                            <Typography variant="body2" color="text.secondary"><RunningRowsText record={record} /></Typography>
                          ) : (
                            <Stack spacing={0} sx={{ alignItems: 'flex-end' }}>
                              <Typography variant="body2"><FormattedMessage id="imports.history.inserted" values={{ count: record.inserted }} /></Typography>
                              {record.rejected > 0 && (
                                <Typography variant="caption" color="error.main"><FormattedMessage id="imports.history.rejected" values={{ count: record.rejected }} /></Typography>
                              )}
                            </Stack>
                          )}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                            {record.rejected > 0 && !isRunning(record) && <DownloadRejectedButton record={record} size="small" />}
                            {canWrite && canRetry(record) && (
                              <Button size="small" startIcon={<ReplayOutlined />} onClick={() => retry.mutate(record)} disabled={retry.isPending} data-testid="retry">
                                <FormattedMessage id="imports.history.retry" />
                              </Button>
                            )}
                            {canWrite && canRollBack(record) && (
                              <Tooltip title={intl.formatMessage({ id: 'imports.history.rollbackHint' })}>
                                <Button size="small" color="error" startIcon={<UndoOutlined />} onClick={() => { setRollbackError(null); setConfirming(record); }} data-testid="rollback">
                                  <FormattedMessage id="imports.history.rollback" />
                                </Button>
                              </Tooltip>
                            )}
                          </Stack>
                        </TableCell>
                      </TableRow>
                      {expandable && (
                        <TableRow>
                          <TableCell colSpan={8} sx={{ py: 0 }}>
                            <Collapse in={expanded} unmountOnExit>
                              <Stack spacing={1.5} sx={{ py: 2 }}>
                                {failure && (
                                  <Alert severity="error"><Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>{failure}</Box></Alert>
                                )}
                                {record.errors.length > 0 && (
                                  <ImportErrorsTable errors={record.errors} total={Math.max(record.rejected, record.errors.length)} fieldLabel={fieldLabel} maxHeight={260} />
                                )}
                              </Stack>
                            </Collapse>
                          </TableCell>
                        </TableRow>
                      )}
                    </Fragment>
                  );
                })}
                {records.isSuccess && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8}>
                      <Box sx={{ py: 5, textAlign: 'center' }} data-testid="history-empty">
                        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}><FormattedMessage id="imports.history.emptyTitle" /></Typography>
                        <Typography variant="body2" color="text.secondary"><FormattedMessage id="imports.history.emptyText" /></Typography>
                      </Box>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 2 }}>
        {(records.data?.count ?? 0) > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={records.data?.count ?? 0}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_event, next) => setPage(next)}
            labelDisplayedRows={({ from, to, count }) => intl.formatMessage({ id: 'table.pagination' }, { from, to, count })}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}><FormattedMessage id="imports.wizard.close" /></Button>
      </DialogActions>

      <Dialog open={confirming !== null} onClose={rollback.isPending ? undefined : () => setConfirming(null)} aria-labelledby="rollback-title" data-testid="rollback-dialog">
        <DialogTitle id="rollback-title"><FormattedMessage id="imports.history.rollbackTitle" values={{ file: confirming?.from_file ?? '' }} /></DialogTitle>
        <DialogContent>
          <DialogContentText>
            <FormattedMessage
              id={confirming ? rollbackMessageId(confirming) : 'imports.history.rollbackEffect.rows'}
              values={{ count: confirming?.inserted ?? 0, date: confirming ? dateText(confirming.date) : '' }}
            />
          </DialogContentText>
          {rollbackError && <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="rollback-error">{rollbackError}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(null)} disabled={rollback.isPending} autoFocus><FormattedMessage id="table.cancel" /></Button>
          <Button color="error" variant="contained" loading={rollback.isPending} onClick={() => { if (confirming) rollback.mutate(confirming); }} data-testid="confirm-rollback">
            <FormattedMessage id="imports.history.rollback" />
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
