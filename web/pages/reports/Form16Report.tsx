import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import type { Form16Row } from '../../../common/statements/schemas.js';
import { ReportRunProgress, useComputedReport } from './computed-report.js';
import { downloadReport, reportQueryKey, type ReportScope } from './report-api.js';
import { useQuantity } from './use-quantity.js';

const columns = ['product_code', 'product_name', 'product_unit', 'material_code', 'material_name', 'material_unit'] as const;

/** Form 16: the actual norms of the exported products, next to the BOM norms they were reconciled from. */
export function Form16Report({ scope }: { scope: ReportScope }) {
  const intl = useIntl();
  const quantity = useQuantity();
  const errorText = useErrorText();
  const snackbar = useSnackbar();
  const [form, run] = useComputedReport<{ results: Form16Row[] }>(reportQueryKey('form-16', scope), '/new-balance/report-form-16/', scope);
  const exporting = useMutation({
    mutationFn: () => downloadReport('/new-balance/report-form-16/', { ...scope, lang: intl.locale.slice(0, 2) }, 'form-16.xlsx'),
    onError: (error) => snackbar.error(errorText(error)),
  });
  const rows = form.data?.results ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}><FormattedMessage id="statements.form16.text" /></Typography>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={exporting.isPending} disabled={!form.data} onClick={() => exporting.mutate()}>
          <FormattedMessage id="statements.export" />
        </Button>
      </Stack>
      <ReportRunProgress busy={form.isPending} run={run} />
      {form.isError && <Alert severity="error">{errorText(form.error)}</Alert>}
      {form.data && rows.length === 0 && <Alert severity="info"><FormattedMessage id="statements.form16.empty" /></Alert>}
      {rows.length > 0 && (
        <TableContainer sx={{ maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader data-testid="report-form-16">
            <TableHead>
              <TableRow>
                {columns.map((column) => <TableCell key={column}><FormattedMessage id={`statements.form16.columns.${column}`} /></TableCell>)}
                <TableCell align="right"><FormattedMessage id="statements.form16.columns.actual_norm" /></TableCell>
                <TableCell align="right"><FormattedMessage id="statements.form16.columns.bom_norm" /></TableCell>
                <TableCell align="right"><FormattedMessage id="statements.form16.columns.deviation_percent" /></TableCell>
                <TableCell><FormattedMessage id="statements.form16.columns.note" /></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={`${row.product_code}-${row.material_code}`} hover>
                  {columns.map((column) => <TableCell key={column} sx={{ fontWeight: column.endsWith('_code') ? 600 : undefined }}>{row[column]}</TableCell>)}
                  <TableCell align="right">{quantity(row.actual_norm)}</TableCell>
                  <TableCell align="right">{quantity(row.bom_norm)}</TableCell>
                  <TableCell align="right" sx={{ color: Math.abs(Number(row.deviation_percent)) > 5 ? 'warning.dark' : undefined }}>
                    {row.deviation_percent === null ? '' : `${quantity(row.deviation_percent)} %`}
                  </TableCell>
                  <TableCell>{row.note && <FormattedMessage id={`statements.form16.notes.${row.note === 'X' ? 'domestic' : 'unknown'}`} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
