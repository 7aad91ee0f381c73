import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { formatCode } from '../../../common/hs/code.js';
import { isDemonstration } from '../../../common/lookup/demonstration.js';
import { cleanTerm, searchPageSize } from '../../../common/lookup/query.js';
import type { DecisionDoc, LookupLang, SearchAnswer, TariffDoc } from '../../../common/lookup/schemas.js';
import { usePageMeta } from '../../app/page-effects.js';
import { clampedLines } from '../../app/theme/clamped-lines.js';
import { YourDeclarations } from '../../precedents/YourDeclarations.js';
import { Highlighted } from './Highlighted.js';
import { useLookupLang, useSearch, useYears } from './lookup-api.js';
import { filtersOfParams, SearchBanner, searchPath } from './SearchBanner.js';
import { SearchFiltersPanel } from './SearchFilters.js';
import { SearchSidebar } from './SearchSidebar.js';
import { codePath, levelLabelId, localText, matchedText, withYear, yearOfParams } from './text.js';

type Marks = SearchAnswer['highlighting'][string] | undefined;

/** Says in which language a result matched when it is not the interface's (a Vietnamese term in the English interface). */
function MatchedLanguage({ lang }: { lang: LookupLang }) {
  const intl = useIntl();
  const shown = useLookupLang();
  if (lang === shown) return null;
  return <Chip size="small" variant="outlined" color="secondary" lang={lang} label={intl.formatMessage({ id: 'lookup.search.matchedIn' }, { language: intl.formatMessage({ id: `lookup.search.languageName.${lang}` }) })} />;
}

function TariffResult({ doc, marks, year }: { doc: TariffDoc; marks: Marks; year: number }) {
  const lang = useLookupLang();
  const description = matchedText(doc, 'description', lang, marks);
  const notes = matchedText(doc, 'notes', lang, marks);
  const unit = localText(doc, 'unit_of_quantity', lang).text;
  return (
    <Card variant="outlined" data-testid="search-result">
      <CardActionArea component={RouterLink} to={withYear(codePath(doc.id), year)}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{doc.hs}</Typography>
            <Chip size="small" label={<FormattedMessage id={levelLabelId(doc)} />} />
            {unit && <Chip size="small" variant="outlined" label={<FormattedMessage id="lookup.code.unitValue" values={{ unit }} />} />}
            <MatchedLanguage lang={description.lang} />
          </Stack>
          {doc.path && doc.path.length > 0 && (
            // The ancestors below the heading, as the tariff indents them: what tells this line from others worded alike.
            <Box component="ol" lang={description.lang} data-testid="result-path" sx={{ listStyle: 'none', m: 0, mb: 0.5, p: 0 }}>
              {doc.path.map((step) => (
                <Typography key={step.id} component="li" variant="body2" color="text.secondary" sx={clampedLines(2)}>
                  {localText(step, 'description', description.lang).text}
                </Typography>
              ))}
            </Box>
          )}
          <Typography lang={description.lang}><Highlighted html={marks?.[description.field]?.[0]} text={description.text} /></Typography>
          {marks?.[notes.field] && (
            <Typography lang={notes.lang} variant="body2" color="text.secondary" sx={{ mt: 1, ...clampedLines(3) }}>
              <Highlighted html={marks[notes.field]?.[0]} text={notes.text} />
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function DecisionResult({ doc, marks }: { doc: DecisionDoc; marks: Marks }) {
  const lang = useLookupLang();
  const name = matchedText(doc, 'product_name', lang, marks);
  const properties = matchedText(doc, 'product_properties', lang, marks);
  return (
    <Card variant="outlined" data-testid="search-result">
      <CardActionArea component={RouterLink} to={`/classification/${doc.id}`}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{doc.doc_no}</Typography>
            {isDemonstration(doc.doc_no) && <Chip size="small" color="warning" label={<FormattedMessage id="lookup.decision.demonstration" />} />}
            {doc.doc_date && <Chip size="small" variant="outlined" label={doc.doc_date} />}
            <Chip size="small" color="primary" label={<FormattedMessage id="lookup.decision.hsValue" values={{ hs: formatCode(doc.hs) }} />} />
            <MatchedLanguage lang={name.lang} />
          </Stack>
          <Typography lang={name.lang}><Highlighted html={marks?.[name.field]?.[0]} text={name.text} /></Typography>
          <Typography lang={properties.lang} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            <Highlighted html={marks?.[properties.field]?.[0]} text={properties.text} />
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** Search results: 8 a page with first/last paging, the count sentence and which language's content was searched. */
export function SearchPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = cleanTerm(params.get('q') ?? '');
  const mode = params.get('mode') === 'classification' ? 'classification' : 'tariff';
  const exact = params.get('exact') === '1';
  const year = yearOfParams(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = filtersOfParams(params);
  const search = useSearch({ q, mode, exact, year, page, filters });
  usePageMeta('lookup.search.pageTitle', 'lookup.search.pageDescription', { term: q || '*' });
  const answer = search.data;
  const { editions, held } = useYears().data ?? {};
  // Only the languages the year's tariff is written in were searched (the shipped tariff has no Korean text).
  const languages = editions?.find((edition) => edition.year === year)?.languages ?? ['vi', 'en'];
  const languageList = intl.formatList(languages.map((lang) => intl.formatMessage({ id: `lookup.search.languageName.${lang}` })), { type: 'conjunction' });
  const found = (answer?.response.numFound ?? 0) > 0;
  const pages = answer ? Math.ceil(answer.response.numFound / searchPageSize) : 0;

  return (
    <Stack spacing={3}>
      <SearchBanner key={params.toString()} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={2}>
            {page === 1 && <YourDeclarations q={q} />}
            {search.isFetching && <LinearProgress aria-label={intl.formatMessage({ id: 'shell.loading' })} />}
            {search.isError && <Alert severity="error"><FormattedMessage id="lookup.search.failed" /></Alert>}
            {answer && (
              <Box>
                <Typography variant="h5" component="h1" data-testid="result-count">
                  <FormattedMessage id="lookup.search.count" values={{ count: answer.response.numFound, term: q || '*' }} />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <FormattedMessage id="lookup.search.languageNote" values={{ year, languages: languageList }} />
                  {answer.query.kind === 'code' && <> <FormattedMessage id="lookup.search.codeNote" values={{ code: answer.query.code }} /></>}
                  {found && answer.query.match === 'some' && <> <FormattedMessage id="lookup.search.someWordsNote" /></>}
                  {answer.query.ignored && <> <FormattedMessage id="lookup.search.ignoredWordsNote" values={{ words: answer.query.ignored.join(' ') }} /></>}
                  {found && answer.query.fuzzy && <> <FormattedMessage id="lookup.search.fuzzyNote" /></>}
                  {answer.query.koreanTerms?.map((term) => (
                    <span key={term.term} lang="ko"> <FormattedMessage id="lookup.search.koreanTermNote" values={{ term: term.term, codes: term.codes.map(formatCode).join(', ') }} /></span>
                  ))}
                </Typography>
              </Box>
            )}
            {answer?.response.docs.map((doc) => 'doc_no' in doc
              ? <DecisionResult key={doc.id} doc={doc} marks={answer.highlighting[doc.id]} />
              : <TariffResult key={doc.id} doc={doc} marks={answer.highlighting[doc.id]} year={year} />)}
            {answer && answer.response.numFound === 0 && (
              // With no decision loaded at all, advice about fewer words would send the visitor on a useless hunt.
              <Alert severity="info" data-testid="search-none">
                <FormattedMessage id={mode === 'classification' && held?.decisions === 0 ? 'lookup.held.noDecisions' : 'lookup.search.none'} />
              </Alert>
            )}
            {pages > 1 && (
              <Pagination
                count={pages} page={Math.min(page, pages)} showFirstButton showLastButton color="primary"
                onChange={(_event, next) => void navigate(searchPath({ q, mode, exact, year, page: next, filters }))}
                getItemAriaLabel={(type, item) => intl.formatMessage({ id: `lookup.search.pager.${type}` }, { page: item ?? 0 })}
                data-testid="pagination"
              />
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <SearchFiltersPanel key={params.toString()} mode={mode} filters={filters} onApply={(next) => void navigate(searchPath({ q, mode, exact, year, filters: next }))} />
            <SearchSidebar />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
