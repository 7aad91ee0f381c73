import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BomReview as Review } from '../../../common/statements/schemas.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { reportQueryKey, type ReportScope, reviewBom } from './report-api.js';

function Finding({ titleId, items }: { titleId: string; items: ReactNode[] }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="h3"><FormattedMessage id={titleId} values={{ count: items.length }} /></Typography>
      {items.length > 0 && (
        <List dense disablePadding sx={{ pl: 2 }}>
          {items.slice(0, 50).map((item, index) => <ListItem key={index} disableGutters><ListItemText primary={item} /></ListItem>)}
        </List>
      )}
    </Stack>
  );
}

/** What is wrong with the BOM before it drives the reports, and the fixes that cannot change a norm, made on request. */
export function BomReview({ scope, canFix }: { scope: ReportScope; canFix: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const review = useQuery({ queryKey: reportQueryKey('bom-review', scope), queryFn: () => reviewBom(scope, false) });
  const fix = useMutation({
    mutationFn: () => reviewBom(scope, true),
    onSuccess: async (answer) => {
      snackbar.success(intl.formatMessage({ id: 'statements.bom.fixed' }, answer.fixes));
      queryClient.setQueryData(reportQueryKey('bom-review', scope), answer);
      await queryClient.invalidateQueries({ queryKey: ['reports'], predicate: (query) => query.queryKey[1] !== 'bom-review' });
    },
    onError: (error) => snackbar.error(errorText(error)),
  });
  const data: Review | undefined = review.data;
  const safeFixes = data ? data.duplicates.filter((group) => group.identical).length + data.unit_mismatches.filter((row) => !row.material_unit).length : 0;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}><FormattedMessage id="statements.bom.text" /></Typography>
        {canFix && (
          <Button variant="contained" loading={fix.isPending} disabled={safeFixes === 0} onClick={() => fix.mutate()} data-testid="bom-fix">
            <FormattedMessage id="statements.bom.fix" values={{ count: safeFixes }} />
          </Button>
        )}
      </Stack>
      {review.isPending && <LinearProgress />}
      {review.isError && <Alert severity="error">{errorText(review.error)}</Alert>}
      {data && (
        <Stack spacing={2} data-testid="bom-review">
          <Finding titleId="statements.bom.cycles" items={data.cycles.map((cycle) => cycle.join(' → '))} />
          <Finding titleId="statements.bom.duplicates" items={data.duplicates.map((group) => intl.formatMessage(
            { id: group.identical ? 'statements.bom.identical' : 'statements.bom.conflicting' }, { product: group.code, material: group.material_code, count: group.ids.length }))} />
          <Finding titleId="statements.bom.zeroNorms" items={data.zero_norms.map((row) => `${row.code} → ${row.material_code}: ${row.bom_value}`)} />
          <Finding titleId="statements.bom.units" items={data.unit_mismatches.map((row) => intl.formatMessage(
            { id: 'statements.bom.unit' }, { product: row.code, material: row.material_code, unit: row.material_unit ?? '—', declared: row.declared_unit }))} />
          <Finding titleId="statements.bom.neverImported" items={data.never_imported} />
        </Stack>
      )}
    </Stack>
  );
}
