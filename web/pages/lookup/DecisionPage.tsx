import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import { formatCode } from '../../../common/hs/code.js';
import { isDemonstration } from '../../../common/lookup/demonstration.js';
import type { DecisionPage as DecisionPageData } from '../../../common/lookup/schemas.js';
import { formatDocumentDay } from '../../app/i18n/dates.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useDecision, useLookupLang } from './lookup-api.js';
import { Prose, QueryState, Section } from './parts.js';
import { codePath, localText, withYear } from './text.js';

function DecisionContent({ page }: { page: DecisionPageData }) {
  const intl = useIntl();
  const lang = useLookupLang();
  const { decision, line } = page;
  const name = localText(decision, 'product_name', lang).text;
  usePageMeta('lookup.decision.pageTitle', 'lookup.decision.pageDescription', { docNo: decision.doc_no, product: name.slice(0, 120) });
  const rows: Array<[string, string]> = [
    ['lookup.decision.docNo', decision.doc_no],
    ['lookup.decision.docDate', decision.doc_date ? formatDocumentDay(intl, decision.doc_date) : ''],
    ['lookup.decision.productName', name],
    ['lookup.decision.properties', localText(decision, 'product_properties', lang).text],
    ['lookup.decision.description', decision.product_description],
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1"><FormattedMessage id="lookup.decision.title" values={{ docNo: decision.doc_no }} /></Typography>
      {isDemonstration(decision.doc_no) && <Alert severity="warning"><FormattedMessage id="lookup.decision.demonstrationNote" /></Alert>}
      <Section titleId="lookup.decision.details">
        <Table size="small">
          <TableBody>
            {rows.filter(([, value]) => value !== '').map(([labelId, value]) => (
              <TableRow key={labelId}>
                <TableCell component="th" scope="row" sx={{ width: 220, fontWeight: 600 }}><FormattedMessage id={labelId} /></TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section titleId="lookup.decision.result" values={{ hs: formatCode(decision.hs) }}>
        {line ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Prose text={localText(line, 'description', lang).text} />
            <Button variant="outlined" component={RouterLink} to={withYear(codePath(line.id), line.year)}>
              <FormattedMessage id="lookup.decision.openCode" values={{ hs: line.hs }} />
            </Button>
          </Stack>
        ) : <Typography color="text.secondary"><FormattedMessage id="lookup.decision.noLine" /></Typography>}
      </Section>
    </Stack>
  );
}

/** One classification decision and the tariff line it resulted in. */
export function DecisionPage() {
  const { id = '' } = useParams();
  const query = useDecision(id);
  return (
    <QueryState isError={query.isError} error={query.error} hasData={!!query.data}>
      {() => <DecisionContent page={query.data!} />}
    </QueryState>
  );
}
