import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import type { SourceLine, Statement15Row } from '../../../common/statements/schemas.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { ReportRunProgress, useComputedReport } from './computed-report.js';
import { downloadReport, fetchCellSources, reportQueryKey, type ReportScope, type StatementAnswer, statementPaths, type StatementReport as Report } from './report-api.js';
import { compactTable } from './table-styles.js';
import { useQuantity } from './use-quantity.js';

/** The quantity columns of each form, in the printed order, with their printed numbers. */
export const statementColumns: Record<Report, ReadonlyArray<{ field: string; number: number | null }>> = {
  'statement-15': [
    { field: 'begin_value', number: 5 }, { field: 'take_in', number: 6 }, { field: 're_export', number: 7 }, { field: 're_purpose', number: 8 },
    { field: 'export_to_produce', number: 9 }, { field: 'other_export', number: 10 }, { field: 'end_value', number: 11 },
  ],
  'statement-15a': [
    { field: 'begin_quantity', number: 5 }, { field: 'take_in', number: 6 }, { field: 're_purpose', number: 7 }, { field: 'exportt', number: 8 },
    { field: 'other_export', number: 9 }, { field: 'end_quantity', number: 10 },
  ],
};

/** Where each source table is kept in the data screens. */
const sourcePages: Record<string, string> = { ecus: '/data/exim/ecus', begin: '/data/exim/begin', 'wh-take-out': '/data/warehouse/wh-take-out', 'wh-take-in': '/data/warehouse/wh-take-in' };

type Row = Statement15Row & Record<string, unknown>;

/** Statement 15 or 15A of the folder set: the form's columns, totals, flagged rows, a cell's sources on click, the official Excel. */
export function StatementReport({ report, scope, onOpenRules }: { report: Report; scope: ReportScope; onOpenRules: () => void }) {
  const intl = useIntl();
  const quantity = useQuantity();
  const errorText = useErrorText();
  const snackbar = useSnackbar();
  const [cell, setCell] = useState<{ code: string; field: string } | null>(null);
  const [statement, run] = useComputedReport<StatementAnswer<Report>>(reportQueryKey(report, scope), statementPaths[report], scope);
  const exporting = useMutation({
    mutationFn: () => downloadReport(statementPaths[report], { ...scope, lang: intl.locale.slice(0, 2) }, `${report}.xlsx`),
    onError: (error) => snackbar.error(errorText(error)),
  });
  const answer = statement.data;
  // Circular 121's Form 15a shows the intake apart: from production, and declared back in (re-imported, returned).
  const split = report === 'statement-15a' && answer?.period.generation === 'tt121';
  const columns = statementColumns[report].flatMap((column) => (split && column.field === 'take_in'
    ? [column, { field: 'take_in_production', number: null }, { field: 'take_in_returned', number: null }] : [column]));
  const drillable = (field: string) => field !== 'take_in_production' && field !== 'take_in_returned';

  if (statement.isError) return <Alert severity="error">{errorText(statement.error)}</Alert>;
  const rows = (answer?.results ?? []) as Row[];
  const flagged = rows.filter((row) => row.problems.length > 0).length;
  const totals = (answer?.totals ?? []) as Array<Record<string, string | null>>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {answer && <FormattedMessage id="statements.summary" values={{ rows: answer.count, flagged, start: formatBusinessDay(intl, answer.period.date_start), end: formatBusinessDay(intl, answer.period.date_end), regime: answer.period.regime }} />}
          {answer && <> <FormattedMessage id={`statements.generation.${answer.period.generation}`} /></>}
        </Typography>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={exporting.isPending} disabled={!answer} onClick={() => exporting.mutate()} data-testid="statement-export">
          <FormattedMessage id="statements.export" />
        </Button>
      </Stack>
      <ReportRunProgress busy={statement.isPending} run={run} />
      {answer && answer.unmapped_type_codes.length > 0 && (
        <Alert severity="warning" action={<Button color="inherit" size="small" onClick={onOpenRules}><FormattedMessage id="statements.rules.open" /></Button>}>
          <FormattedMessage id="statements.unmapped" values={{ codes: answer.unmapped_type_codes.map((entry) => `${entry.type_code} (${entry.lines})`).join(', ') }} />
        </Alert>
      )}
      {answer && rows.length === 0 && <Alert severity="info"><FormattedMessage id="statements.empty" /></Alert>}
      {rows.length > 0 && (
        <TableContainer sx={{ maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader data-testid={`report-${report}`} sx={compactTable}>
            <TableHead>
              <TableRow>
                <TableCell><FormattedMessage id="statements.columns.code" /></TableCell>
                <TableCell><FormattedMessage id="statements.columns.name" /></TableCell>
                <TableCell><FormattedMessage id="statements.columns.unit" /></TableCell>
                {columns.map((column) => (
                  <TableCell key={column.field} align="right">
                    <FormattedMessage id={`statements.columns.${column.field}`} />{column.number !== null && <> <Typography component="span" variant="caption" color="text.secondary">({column.number})</Typography></>}
                  </TableCell>
                ))}
                <TableCell><FormattedMessage id="statements.columns.problems" /></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.code} hover sx={row.negative ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) } : undefined} data-testid={`row-${row.code}`}>
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{row.code}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{row.name}</TableCell>
                  <TableCell>{row.unit}</TableCell>
                  {columns.map((column) => (!drillable(column.field)
                    ? <TableCell key={column.field} align="right" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{quantity(String(row[column.field]))}</TableCell>
                    : <TableCell key={column.field} align="right" sx={{ whiteSpace: 'nowrap', cursor: 'pointer', color: Number(row[column.field]) < 0 ? 'error.main' : undefined }}>
                      <Link component="button" underline="hover" color="inherit" onClick={() => setCell({ code: row.code, field: column.field })}
                        aria-label={intl.formatMessage({ id: 'statements.drill.open' }, { code: row.code, column: intl.formatMessage({ id: `statements.columns.${column.field}` }) })}>
                        {quantity(String(row[column.field]))}
                      </Link>
                    </TableCell>
                  ))}
                  <TableCell>
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                      {row.problems.map((problem) => (
                        <Tooltip key={problem.kind + ('detail' in problem ? problem.detail : '')} title={'detail' in problem ? problem.detail : ''}>
                          <Chip size="small" color={problem.kind === 'negative_closing' ? 'error' : 'warning'} label={<FormattedMessage id={`statements.problems.${problem.kind}`} />} />
                        </Tooltip>
                      ))}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
              {totals.map((total, index) => (
                // A total per unit: kilograms, pieces and metres are never added together.
                <TableRow key={total.unit ?? ''} data-testid="statement-total" sx={{ '& td': { fontWeight: 700, borderTop: index === 0 ? 2 : 0, borderColor: 'divider' } }}>
                  <TableCell colSpan={2}><FormattedMessage id="statements.total" /></TableCell>
                  <TableCell>{total.unit}</TableCell>
                  {columns.map((column) => <TableCell key={column.field} align="right">{quantity(total[column.field])}</TableCell>)}
                  <TableCell />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {cell && <CellSources report={report} scope={scope} cell={cell} onClose={() => setCell(null)} />}
    </Stack>
  );
}

function CellSources({ report, scope, cell, onClose }: { report: Report; scope: ReportScope; cell: { code: string; field: string }; onClose: () => void }) {
  const intl = useIntl();
  const quantity = useQuantity();
  const errorText = useErrorText();
  const sources = useQuery({
    queryKey: reportQueryKey(report, scope, cell),
    queryFn: () => fetchCellSources(report, scope, cell.code, cell.field),
  });
  const column = intl.formatMessage({ id: `statements.columns.${cell.field}` });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="cell-sources-title">
      <DialogTitle id="cell-sources-title"><FormattedMessage id="statements.drill.title" values={{ code: cell.code, column }} /></DialogTitle>
      <DialogContent>
        {sources.isPending && <LinearProgress />}
        {sources.isError && <Alert severity="error">{errorText(sources.error)}</Alert>}
        {sources.data && sources.data.results.length === 0 && <Typography color="text.secondary"><FormattedMessage id="statements.drill.none" /></Typography>}
        {sources.data && sources.data.results.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="cell-sources">
              <TableHead>
                <TableRow>
                  {['source', 'day', 'document', 'column', 'quantity', 'unit'].map((name) => <TableCell key={name}><FormattedMessage id={`statements.drill.${name}`} /></TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {sources.data.results.map((line: SourceLine, index) => (
                  <TableRow key={`${line.source}-${line.source_id ?? index}`} sx={line.counted ? undefined : { opacity: 0.6 }}>
                    <TableCell>
                      {sourcePages[line.source]
                        ? <Link component={RouterLink} to={sourcePages[line.source]!}><FormattedMessage id={`statements.sources.${line.source}`} /></Link>
                        : <FormattedMessage id={`statements.sources.${line.source}`} />}
                    </TableCell>
                    <TableCell>{line.day ? formatBusinessDay(intl, line.day) : ''}</TableCell>
                    <TableCell>{line.document}</TableCell>
                    <TableCell><FormattedMessage id={`statements.columns.${line.column === 'begin' ? 'begin_value' : line.column}`} /></TableCell>
                    <TableCell align="right">{quantity(line.quantity)}</TableCell>
                    <TableCell>{line.unit}{!line.counted && <> — <FormattedMessage id="statements.drill.notCounted" /></>}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}><FormattedMessage id="statements.close" /></Button></DialogActions>
    </Dialog>
  );
}
