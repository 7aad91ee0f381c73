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
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatCode } from '../../../common/hs/code.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { consistencyQueryKey, downloadConsistency, fetchConsistency } from '../../precedents/precedents-api.js';
import { compactTable } from './table-styles.js';

/** The company's item codes and names declared under more than one HS code, over every folder set, newest first, with its workbook. */
export function ClassificationConsistency({ companySlug }: { companySlug: string }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const snackbar = useSnackbar();
  const report = useQuery({ queryKey: consistencyQueryKey(companySlug), queryFn: () => fetchConsistency(companySlug) });
  const exporting = useMutation({
    mutationFn: () => downloadConsistency(companySlug, intl.locale.slice(0, 2)),
    onError: (error) => snackbar.error(errorText(error)),
  });
  const rows = report.data?.results ?? [];
  const column = (id: string, align?: 'right') => <TableCell align={align}><FormattedMessage id={`precedents.consistency.columns.${id}`} /></TableCell>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}><FormattedMessage id="precedents.consistency.text" /></Typography>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={exporting.isPending} disabled={!report.data} onClick={() => exporting.mutate()}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="consistency-export">
          <FormattedMessage id="precedents.consistency.export" />
        </Button>
      </Stack>
      {report.isPending && <LinearProgress />}
      {report.isError && <Alert severity="error">{errorText(report.error)}</Alert>}
      {report.data && (
        <Alert severity={rows.length === 0 ? 'success' : 'warning'} data-testid="consistency-summary">
          {rows.length === 0 ? <FormattedMessage id="precedents.consistency.empty" /> : <FormattedMessage id="precedents.consistency.count" values={{ count: rows.length }} />}
        </Alert>
      )}
      {rows.length > 0 && (
        <TableContainer sx={{ maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader data-testid="report-classification-consistency" sx={compactTable}>
            <TableHead>
              <TableRow>{column('code')}{column('item_names')}{column('hs')}{column('lines', 'right')}{column('last_date')}</TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => row.hs_codes.map((hs, index) => (
                <TableRow key={`${row.kind}:${row.code ?? row.item_names[0] ?? ''}:${hs.hs}`} hover sx={index < row.hs_codes.length - 1 ? { '& td': { borderBottomStyle: 'dashed' } } : undefined}>
                  {index === 0 && (
                    <>
                      <TableCell rowSpan={row.hs_codes.length} sx={{ verticalAlign: 'top' }}>
                        <Chip size="small" variant="outlined" label={<FormattedMessage id={`precedents.consistency.kinds.${row.kind}`} />} sx={{ mb: 0.5 }} />
                        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.codes.join(', ')}</Typography>
                      </TableCell>
                      <TableCell rowSpan={row.hs_codes.length} sx={{ verticalAlign: 'top', minWidth: 180 }}>
                        {row.item_names.map((name) => <Typography key={name} variant="body2" sx={{ overflowWrap: 'anywhere' }}>{name}</Typography>)}
                      </TableCell>
                    </>
                  )}
                  <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatCode(hs.hs)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{intl.formatNumber(hs.lines)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBusinessDay(intl, hs.last_date)}</TableCell>
                </TableRow>
              )))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
