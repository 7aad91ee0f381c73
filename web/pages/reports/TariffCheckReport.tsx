import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatCode } from '../../../common/hs/code.js';
import { tariffCheckPageSize, type TariffCheckRow } from '../../../common/statements/schemas.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { downloadReport, fetchTariffCheck, reportQueryKey, type ReportScope } from './report-api.js';
import { compactTable, pinnedRight } from './table-styles.js';
import { useQuantity } from './use-quantity.js';

const problemColor = { unknown_code: 'error', rate_differs: 'warning', unknown_co_form: 'info', exempt: 'default', preference_without_co: 'warning', value_missing: 'warning' } as const;

/** The problems whose row carries a duty at risk: without a value, the duty is shown as missing, not left blank. */
const dutyProblems = new Set<TariffCheckRow['problem']>(['rate_differs', 'exempt', 'preference_without_co', 'value_missing']);

/** The period's import lines that disagree with the tariff valid on their date, each with its reason and duty at stake. */
export function TariffCheckReport({ scope }: { scope: ReportScope }) {
  const intl = useIntl();
  const quantity = useQuantity();
  const errorText = useErrorText();
  const snackbar = useSnackbar();
  // A page of the listed lines at a time (a large year lists hundreds of thousands); the summary counts them all.
  const [page, setPage] = useState(0);
  const check = useQuery({ queryKey: reportQueryKey('tariff-check', scope, { page }), queryFn: () => fetchTariffCheck(scope, page + 1), placeholderData: keepPreviousData });
  const exporting = useMutation({
    mutationFn: () => downloadReport('/new-balance/report-tariff-check/', { ...scope, lang: intl.locale.slice(0, 2) }, 'tariff-check.xlsx'),
    onError: (error) => snackbar.error(errorText(error)),
  });
  // Data that shrank since the page was chosen (lines cancelled, an import rolled back) leaves it past the end: the last
  // page is shown instead of an empty table.
  const lastPage = Math.max(0, Math.ceil((check.data?.count ?? 0) / tariffCheckPageSize) - 1);
  if (check.data && !check.isPlaceholderData && page > lastPage) setPage(lastPage);
  const rows = check.data?.results ?? [];
  // Exempt lines are no disagreement with the tariff: they are counted apart, with what a refused exemption would cost.
  // Lines that agree with the tariff but have no value to compute their duty on are no disagreement either.
  const disagreeing = check.data?.disagreeing_lines ?? 0;
  const valueMissing = check.data?.value_missing_lines ?? 0;
  const derived = check.data?.derived_value_lines ?? 0;
  const money = (value: number) => intl.formatNumber(value, { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
  const column = (id: string, align?: 'right', sx?: SxProps<Theme>) => <TableCell align={align} sx={sx}><FormattedMessage id={`statements.tariffCheck.columns.${id}`} /></TableCell>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}><FormattedMessage id="statements.tariffCheck.text" /></Typography>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={exporting.isPending} disabled={!check.data} onClick={() => exporting.mutate()} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          <FormattedMessage id="statements.export" />
        </Button>
      </Stack>
      {check.isPending && <LinearProgress />}
      {check.isError && <Alert severity="error">{errorText(check.error)}</Alert>}
      {check.data && check.data.tariff_years.length === 0 && <Alert severity="warning"><FormattedMessage id="statements.tariffCheck.noTariff" /></Alert>}
      {check.data && check.data.tariff_years.length > 0 && (
        <Alert severity={disagreeing === 0 && valueMissing === 0 ? 'success' : 'info'} data-testid="tariff-check-summary">
          <FormattedMessage id="statements.tariffCheck.summary" values={{
            checked: check.data.checked_lines, problems: disagreeing, years: intl.formatList(check.data.tariff_years.map(String)),
            exempt: check.data.exempt_lines, exposure: money(Number(check.data.exempt_duty_at_risk)),
          }} />
        </Alert>
      )}
      {check.data && check.data.tariff_years.length > 0 && valueMissing > 0 && (
        <Alert severity="warning" data-testid="tariff-check-value-missing"><FormattedMessage id="statements.values.tariffMissing" values={{ count: valueMissing }} /></Alert>
      )}
      {check.data && check.data.tariff_years.length > 0 && derived > 0 && (
        <Alert severity="info" data-testid="tariff-check-derived"><FormattedMessage id="statements.values.derivedLines" values={{ count: derived }} /></Alert>
      )}
      {rows.length > 0 && (
        <TableContainer sx={{ maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {/* Eleven columns do not fit a 1366-pixel laptop beside the menu: the duty at risk, what the reader acts on, stays
              pinned at the right while the rest scrolls under it, and a problem's label wraps instead of widening its column. */}
          <Table size="small" stickyHeader data-testid="report-tariff-check" sx={{
            ...compactTable,
            '& .MuiChip-root': { height: 'auto', maxWidth: 180, borderRadius: 2 }, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
          }}>
            <TableHead>
              <TableRow>
                {column('account_number')}{column('registered_date')}{column('code')}{column('hs')}{column('from_country')}{column('co_form')}{column('problem')}
                {column('declared_rate', 'right')}{column('expected_rate', 'right')}{column('schedules')}{column('duty_at_risk', 'right', { ...pinnedRight, zIndex: 3 })}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.ecus_id} hover>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {row.account_number}{row.row_number === null ? '' : ` / ${row.row_number}`}
                    <Typography variant="caption" color="text.secondary" component="div">{row.type_code}</Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBusinessDay(intl, row.registered_date)}</TableCell>
                  <TableCell><Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{row.code}</Typography><Typography variant="caption" color="text.secondary">{row.item_name}</Typography></TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatCode(row.hs)}</TableCell>
                  <TableCell data-column="from_country">{row.from_country || '—'}</TableCell>
                  <TableCell data-column="co_form">{row.co_form || '—'}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={problemColor[row.problem]} label={<FormattedMessage id={`statements.tariffCheck.problems.${row.problem}`} />} />
                    {row.exemption_code && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        <FormattedMessage id="statements.tariffCheck.columns.exemption_code" />: {row.exemption_code}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{quantity(row.declared_rate)}</TableCell>
                  <TableCell align="right">{quantity(row.expected_rate)}</TableCell>
                  <TableCell>{row.tariff_schedule ? `${row.tariff_schedule}: ` : ''}{row.schedules.join(', ')}{row.tariff_year === null ? '' : ` (${row.tariff_year})`}</TableCell>
                  <TableCell align="right" data-column="duty_at_risk" data-value-source={row.value_source} sx={{ ...pinnedRight, whiteSpace: 'nowrap', color: Number(row.duty_at_risk) > 0 && row.problem !== 'exempt' ? 'error.main' : undefined, fontVariantNumeric: 'tabular-nums' }}>
                    {row.duty_at_risk === null && row.value_source === 'missing' && dutyProblems.has(row.problem)
                      ? <Typography variant="caption" color="warning.dark"><FormattedMessage id="statements.values.source.missing" /></Typography>
                      : quantity(row.duty_at_risk)}
                    {row.value_source === 'derived' && row.duty_at_risk !== null && (
                      <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal', maxWidth: 140, ml: 'auto' }}>
                        <FormattedMessage id="statements.values.derivedMark" />
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {check.data && check.data.count > tariffCheckPageSize && (
        <TablePagination
          component="div" data-testid="tariff-check-pages"
          count={check.data.count} page={page} rowsPerPage={tariffCheckPageSize} rowsPerPageOptions={[tariffCheckPageSize]}
          onPageChange={(_event, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) => intl.formatMessage({ id: 'table.pagination' }, { from, to, count })}
        />
      )}
    </Stack>
  );
}
