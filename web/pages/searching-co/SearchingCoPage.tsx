import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatCode, normaliseCode } from '../../../common/hs/code.js';
import { isDemonstration } from '../../../common/lookup/demonstration.js';
import { cleanTerm } from '../../../common/lookup/query.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useCoSearch, useYears } from '../lookup/lookup-api.js';

const rowsPerPage = 20;
const columns = ['reference_no', 'form', 'issue_date', 'exporting_country', 'importing_country', 'hs', 'goods_description'] as const;

/** Certificate-of-origin search over the reference index the platform administrator loads; * and ? are wildcards. */
export function SearchingCoPage() {
  const intl = useIntl();
  usePageMeta('lookup.co.pageTitle', 'lookup.co.pageDescription');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const search = useCoSearch(q, page, rowsPerPage);
  const answer = search.data;
  const held = useYears().data?.held;
  const pages = answer ? Math.ceil(answer.response.numFound / rowsPerPage) : 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(cleanTerm(draft) ? { q: cleanTerm(draft) } : {});
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1"><FormattedMessage id="lookup.co.title" /></Typography>
      <Typography color="text.secondary"><FormattedMessage id="lookup.co.intro" /></Typography>
      <Paper component="form" role="search" onSubmit={submit} variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            fullWidth type="search" value={draft} onChange={(event) => setDraft(event.target.value)} label={intl.formatMessage({ id: 'lookup.co.query' })}
            helperText={intl.formatMessage({ id: 'lookup.co.hint' })} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'co-input' } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 140, height: 56 }}>
            <FormattedMessage id="lookup.banner.search" />
          </Button>
        </Stack>
      </Paper>
      {held?.co_records === 0 && <Alert severity="info" data-testid="co-none-loaded"><FormattedMessage id="lookup.held.noCoRecords" /></Alert>}
      {search.isFetching && <LinearProgress aria-label={intl.formatMessage({ id: 'shell.loading' })} />}
      {search.isError && <Alert severity="error"><FormattedMessage id="lookup.search.failed" /></Alert>}
      {answer && (
        <Typography variant="h6" component="h2" data-testid="co-count">
          <FormattedMessage id="lookup.co.count" values={{ count: answer.response.numFound }} />
        </Typography>
      )}
      {answer && answer.response.numFound > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={intl.formatMessage({ id: 'lookup.co.title' })}>
            <TableHead>
              <TableRow>{columns.map((column) => <TableCell key={column}><FormattedMessage id={`lookup.co.columns.${column}`} /></TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {answer.response.docs.map((record) => {
                const code = normaliseCode(record.hs);
                return (
                  <TableRow key={record.id} data-testid="co-row">
                    <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {record.reference_no}
                      {isDemonstration(record.reference_no) && (
                        <Typography variant="caption" color="warning.main" sx={{ display: 'block' }} data-testid="co-demonstration"><FormattedMessage id="lookup.decision.demonstration" /></Typography>
                      )}
                    </TableCell>
                    <TableCell>{record.form}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{record.issue_date}</TableCell>
                    <TableCell>{record.exporting_country}</TableCell>
                    <TableCell>{record.importing_country}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{code && code.length >= 2 ? <Link component={RouterLink} to={`/${code}`}>{formatCode(code)}</Link> : record.hs}</TableCell>
                    <TableCell>{record.goods_description}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pages > 1 && (
        <Pagination
          count={pages} page={Math.min(page, pages)} showFirstButton showLastButton color="primary"
          onChange={(_event, next) => setParams({ ...(q ? { q } : {}), page: String(next) })}
          getItemAriaLabel={(type, item) => intl.formatMessage({ id: `lookup.search.pager.${type}` }, { page: item ?? 0 })}
        />
      )}
    </Stack>
  );
}
