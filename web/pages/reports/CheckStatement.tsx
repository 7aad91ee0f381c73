import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type CheckAnswer, type CheckRow, checkStatuses } from '../../../common/statements/schemas.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { ReportRunProgress, useComputedReport } from './computed-report.js';
import { downloadReport, reportQueryKey, type ReportScope, reviewCheckRow } from './report-api.js';
import { compactTable } from './table-styles.js';
import { useQuantity } from './use-quantity.js';

/** The figures after the status: the difference and what it puts at stake first, then the quantities behind them. */
const shownColumns = ['difference', 'duty_exposure', 'issued_to_production', 'theoretical_consumption', 'book_end', 'counted', 'count_difference', 'warehouse_end', 'accounting_end'] as const;
const statusColor = { open: 'error', explained: 'info', ok: 'success' } as const;

/** The reconciliation before filing: each material's differences, its status, and the duty an open one puts at stake. */
export function CheckStatement({ scope, canReview }: { scope: ReportScope; canReview: boolean }) {
  const intl = useIntl();
  const quantity = useQuantity();
  const errorText = useErrorText();
  const snackbar = useSnackbar();
  const [tolerance, setTolerance] = useState('1');
  const [reviewing, setReviewing] = useState<CheckRow | null>(null);
  const toleranceValue = Number(tolerance);
  const validTolerance = tolerance !== '' && Number.isFinite(toleranceValue) && toleranceValue >= 0 && toleranceValue <= 100;
  const [check, run] = useComputedReport<CheckAnswer>(reportQueryKey('check-statement', scope, { tolerance: toleranceValue }), '/new-balance/check-statement/',
    { ...scope, tolerance: toleranceValue }, { enabled: validTolerance, keepPrevious: true });
  const exporting = useMutation({
    mutationFn: () => downloadReport('/new-balance/check-statement/', { ...scope, tolerance: String(toleranceValue), lang: intl.locale.slice(0, 2) }, 'check-statement.xlsx'),
    onError: (error) => snackbar.error(errorText(error)),
  });
  const money = (value: string | null) => (value === null ? '' : intl.formatNumber(Number(value), { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }));

  const answer = check.data;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small" type="number" label={intl.formatMessage({ id: 'statements.check.tolerance' })} value={tolerance}
          onChange={(event) => setTolerance(event.target.value)} error={!validTolerance}
          helperText={validTolerance ? undefined : intl.formatMessage({ id: 'statements.check.toleranceInvalid' })}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 0.5 } }} sx={{ width: 180 }}
        />
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          {answer && <FormattedMessage id="statements.check.summary" values={{ open: answer.open_rows, rows: answer.count, exposure: <strong>{money(answer.total_duty_exposure)}</strong> }} />}
        </Typography>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={exporting.isPending} disabled={!answer} onClick={() => exporting.mutate()}>
          <FormattedMessage id="statements.export" />
        </Button>
      </Stack>
      <Alert severity="info" icon={false}><FormattedMessage id="statements.check.formula" /></Alert>
      {answer && answer.duty_unknown_rows > 0 && (
        <Alert severity="warning" data-testid="check-duty-unknown"><FormattedMessage id="statements.values.checkUnknown" values={{ count: answer.duty_unknown_rows }} /></Alert>
      )}
      {answer && answer.derived_value_rows > 0 && (
        <Alert severity="info" data-testid="check-derived"><FormattedMessage id="statements.values.checkDerived" values={{ count: answer.derived_value_rows }} /></Alert>
      )}
      <ReportRunProgress busy={check.isFetching} run={run} />
      {check.isError && <Alert severity="error">{errorText(check.error)}</Alert>}
      {answer && answer.count === 0 && <Alert severity="info"><FormattedMessage id="statements.empty" /></Alert>}
      {answer && answer.count > 0 && (
        <TableContainer sx={{ maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {/* What needs a decision comes first (status with its explanation, the difference, the duty at stake),
              so it stays on screen on a laptop; the quantities behind the difference follow. */}
          <Table size="small" stickyHeader data-testid="report-check-statement" sx={compactTable}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ position: 'sticky', left: 0, zIndex: 3 }}><FormattedMessage id="statements.columns.code" /></TableCell>
                <TableCell><FormattedMessage id="statements.columns.name" /></TableCell>
                <TableCell><FormattedMessage id="statements.columns.unit" /></TableCell>
                <TableCell><FormattedMessage id="statements.check.columns.status" /></TableCell>
                {shownColumns.map((column) => <TableCell key={column} align="right" sx={{ minWidth: 80 }}><FormattedMessage id={`statements.check.columns.${column}`} /></TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.results.map((row) => {
                const review = intl.formatMessage({ id: 'statements.check.reviewTitle' }, { code: row.code });
                return (
                  <TableRow key={row.code} hover onClick={canReview ? () => setReviewing(row) : undefined} data-testid={`check-${row.code}`}
                    sx={{ cursor: canReview ? 'pointer' : undefined, ...(row.status === 'open' ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.08) } : {}) }}>
                    <TableCell sx={{ fontWeight: 600, position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', whiteSpace: 'nowrap' }}>
                      {row.code}
                      {canReview && (
                        <Tooltip title={review}>
                          <IconButton size="small" aria-label={review} data-testid="review-row" sx={{ ml: 0.5 }}
                            onClick={(event) => { event.stopPropagation(); setReviewing(row); }}>
                            <RateReviewOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                    <TableCell sx={{ minWidth: 120 }}>{row.name}</TableCell>
                    <TableCell>{row.unit}</TableCell>
                    <TableCell sx={{ minWidth: 110 }} data-column="status">
                      <Chip size="small" color={statusColor[row.status]} label={<FormattedMessage id={`statements.check.status.${row.status}`} />} />
                      {row.explanation && <Typography variant="caption" component="div" sx={{ mt: 0.5 }} data-testid="check-explanation">{row.explanation}</Typography>}
                      {row.unit_problems.length > 0 && <Typography variant="caption" color="warning.dark" component="div"><FormattedMessage id="statements.problems.unit_mismatch" />: {row.unit_problems.join(', ')}</Typography>}
                    </TableCell>
                    {shownColumns.map((column) => (column === 'duty_exposure' ? (
                      <TableCell key={column} align="right" data-column={column} sx={{ whiteSpace: 'nowrap', fontWeight: Number(row.duty_exposure) > 0 ? 700 : undefined }}>
                        {row.duty_exposure === null && row.value_source === 'missing'
                          ? <Typography variant="caption" color="warning.dark"><FormattedMessage id="statements.values.source.missing" /></Typography>
                          : money(row.duty_exposure)}
                      </TableCell>
                    ) : (
                      <TableCell key={column} align="right" data-column={column} sx={{ whiteSpace: 'nowrap', color: (column === 'difference' || column === 'count_difference') && Number(row[column]) !== 0 && row[column] !== null ? 'warning.dark' : undefined }}>
                        {quantity(row[column])}
                      </TableCell>
                    )))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {reviewing && <ReviewDialog scope={scope} row={reviewing} onClose={() => setReviewing(null)} />}
    </Stack>
  );
}

function ReviewDialog({ scope, row, onClose }: { scope: ReportScope; row: CheckRow; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const [status, setStatus] = useState<CheckRow['status']>(row.status);
  const [explanation, setExplanation] = useState(row.explanation ?? '');
  const save = useMutation({
    mutationFn: () => reviewCheckRow(scope, row.code, { status, explanation: explanation.trim() || null }),
    onSuccess: async () => {
      snackbar.success(intl.formatMessage({ id: 'statements.check.reviewed' }, { code: row.code }));
      await queryClient.invalidateQueries({ queryKey: ['reports', 'check-statement'] });
      onClose();
    },
    onError: (error) => snackbar.error(errorText(error)),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="review-title">
      <DialogTitle id="review-title"><FormattedMessage id="statements.check.reviewTitle" values={{ code: row.code }} /></DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={intl.formatMessage({ id: 'statements.check.columns.status' })} value={status} onChange={(event) => setStatus(event.target.value as CheckRow['status'])}>
            {checkStatuses.map((value) => <MenuItem key={value} value={value}><FormattedMessage id={`statements.check.status.${value}`} /></MenuItem>)}
          </TextField>
          <TextField multiline minRows={3} label={intl.formatMessage({ id: 'statements.check.columns.explanation' })} value={explanation}
            onChange={(event) => setExplanation(event.target.value)} slotProps={{ htmlInput: { maxLength: 2000 } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}><FormattedMessage id="statements.close" /></Button>
        <Button variant="contained" loading={save.isPending} onClick={() => save.mutate()}><FormattedMessage id="statements.check.save" /></Button>
      </DialogActions>
    </Dialog>
  );
}
