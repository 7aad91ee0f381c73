import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import type { RegulationPage as RegulationPageData } from '../../../common/lookup/schemas.js';
import { formatDocumentDay } from '../../app/i18n/dates.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useLookupLang, useRegulation } from './lookup-api.js';
import { LinkList, Prose, QueryState, Section } from './parts.js';
import { codePath, issuerName, localText, withYear, yearOfParams } from './text.js';

function RegulationContent({ page, year }: { page: RegulationPageData; year: number }) {
  const intl = useIntl();
  const lang = useLookupLang();
  const { regulation } = page;
  const title = localText(regulation, 'title', lang).text;
  const summary = localText(regulation, 'summary', lang).text;
  usePageMeta('lookup.regulation.pageTitle', 'lookup.regulation.pageDescription', { docNo: regulation.doc_no, title: title.slice(0, 120) });
  return (
    <Stack spacing={2}>
      <Stack spacing={0.5}>
        <Typography variant="overline" color="text.secondary">
          <FormattedMessage id="lookup.regulation.issued" values={{ issuer: issuerName(intl, regulation.issuer) || '—', date: regulation.doc_date ? formatDocumentDay(intl, regulation.doc_date) : '—' }} />
        </Typography>
        <Typography variant="h4" component="h1">{regulation.doc_no}</Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400 }}>{title}</Typography>
      </Stack>
      {summary && <Section titleId="lookup.regulation.summary"><Prose text={summary} /></Section>}
      <Section titleId="lookup.regulation.codes" values={{ year }}>
        {page.lines.length === 0 ? <Typography color="text.secondary"><FormattedMessage id="lookup.regulation.noCodes" values={{ year }} /></Typography> : (
          <LinkList items={page.lines.map((line) => ({
            key: line.id, to: withYear(codePath(line.id), year), primary: line.level === 1 ? line.id : line.hs, secondary: localText(line, 'description', lang).text,
          }))} />
        )}
      </Section>
    </Stack>
  );
}

/** One regulation and the codes it applies to. */
export function RegulationPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const year = yearOfParams(params);
  const query = useRegulation(id, year);
  return (
    <QueryState isError={query.isError} error={query.error} hasData={!!query.data}>
      {() => <RegulationContent page={query.data!} year={year} />}
    </QueryState>
  );
}
