import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { displayCode } from '../../../common/hs/code.js';
import { normaliseYear } from '../../../common/lookup/query.js';
import type { YearComparison } from '../../../common/lookup/schemas.js';
import { usePageMeta } from '../../app/page-effects.js';
import { scheduleName } from './DutyRates.js';
import { useCodePage, useLookupLang, useYearComparison, useYears } from './lookup-api.js';
import { ApiError } from '../../app/api.js';
import { codePath, localText, withYear } from './text.js';

type Change = YearComparison['changes'][number];
const changeColor = { added: 'success', removed: 'error', changed: 'warning' } as const;

/** One changed line: its status, wording before and after where it changed, and each rate that moved. */
function ChangeRow({ change, from, to }: { change: Change; from: number; to: number }) {
  const intl = useIntl();
  const lang = useLookupLang();
  const text = (side: Change['before']) => (side ? localText(side, 'description', lang).text : '');
  const worded = change.fields.some((field) => !field.startsWith('rate:'));
  const rates = change.fields.filter((field) => field.startsWith('rate:')).map((field) => field.slice(5));
  return (
    <TableRow data-testid="compare-change" data-code={change.id}>
      <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600, verticalAlign: 'top' }}>
        <Link component={RouterLink} to={withYear(codePath(change.id), change.change === 'removed' ? from : to)}>{change.hs || displayCode(change.id)}</Link>
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <Chip size="small" variant="outlined" color={changeColor[change.change]} label={<FormattedMessage id={`lookup.compare.${change.change}`} />} />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        {change.change === 'changed' && worded ? (
          <Stack spacing={0.5}>
            <Typography variant="body2" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>{text(change.before)}</Typography>
            <Typography variant="body2">{text(change.after)}</Typography>
          </Stack>
        ) : <Typography variant="body2">{text(change.after ?? change.before)}</Typography>}
        {rates.length > 0 && (
          <Typography variant="body2" color="text.secondary" component="ul" sx={{ pl: 2, my: 0.5 }}>
            {rates.map((schedule) => (
              <li key={schedule}>
                <FormattedMessage id="lookup.compare.rate" values={{
                  schedule: scheduleName(intl, schedule),
                  before: change.before?.rates[schedule] ?? '—',
                  after: change.after?.rates[schedule] ?? '—',
                }} />
              </li>
            ))}
          </Typography>
        )}
        {change.related.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            <FormattedMessage id={change.change === 'removed' ? 'lookup.compare.replacedBy' : 'lookup.compare.replaces'} values={{ codes: intl.formatList(change.related.map(displayCode)) }} />
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}

/** What changed in a code and everything under it between two tariff years. */
export function ComparePage() {
  const intl = useIntl();
  const { code = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const years = useYears().data?.years ?? [];
  const to = normaliseYear(params.get('to'));
  const from = params.has('from') ? normaliseYear(params.get('from')) : years.find((year) => year < to) ?? to;
  const comparison = useYearComparison(code, from, to);
  usePageMeta('lookup.compare.pageTitle', undefined, { code: displayCode(code), from, to });
  const choose = (name: 'from' | 'to', value: number) => setParams((current) => { current.set(name, String(value)); return current; });
  const answer = comparison.data;
  // No change between two years also reads "nothing changed" for a code neither year has: the code's own page says which.
  const codeInYear = useCodePage(code, to, answer?.count === 0);
  const unknownCode = codeInYear.error instanceof ApiError && codeInYear.error.status === 404;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1"><FormattedMessage id="lookup.compare.title" values={{ code: displayCode(code) }} /></Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {(['from', 'to'] as const).map((name) => (
            <TextField key={name} select size="small" sx={{ minWidth: 120 }} value={name === 'from' ? from : to}
              label={intl.formatMessage({ id: `lookup.compare.${name}` })} onChange={(event) => choose(name, Number(event.target.value))}
              slotProps={{ htmlInput: { 'data-testid': `compare-${name}` } }}>
              {years.map((year) => <MenuItem key={year} value={year}>{year}</MenuItem>)}
            </TextField>
          ))}
          <Link component={RouterLink} to={withYear(codePath(code), to)}><FormattedMessage id="lookup.compare.backToCode" values={{ code: displayCode(code) }} /></Link>
        </Stack>
      </Paper>
      {comparison.isFetching && <LinearProgress />}
      {comparison.isError && <Alert severity="error"><FormattedMessage id="lookup.search.failed" /></Alert>}
      {unknownCode && <Alert severity="warning" data-testid="compare-unknown"><FormattedMessage id="lookup.compare.unknownCode" values={{ code: displayCode(code), from, to }} /></Alert>}
      {answer && !unknownCode && (
        <Typography data-testid="compare-count">
          <FormattedMessage id="lookup.compare.count" values={{ count: answer.count, from: answer.from, to: answer.to }} />
          {answer.count > answer.changes.length && <> <FormattedMessage id="lookup.compare.truncated" values={{ shown: answer.changes.length }} /></>}
        </Typography>
      )}
      {answer && answer.changes.length > 0 && (
        <Paper variant="outlined">
          <Table size="small" aria-label={intl.formatMessage({ id: 'lookup.compare.title' }, { code: displayCode(code) })}>
            <TableHead>
              <TableRow>
                <TableCell><FormattedMessage id="lookup.compare.code" /></TableCell>
                <TableCell><FormattedMessage id="lookup.compare.change" /></TableCell>
                <TableCell><FormattedMessage id="lookup.compare.what" /></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>{answer.changes.map((change) => <ChangeRow key={change.id} change={change} from={answer.from} to={answer.to} />)}</TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
