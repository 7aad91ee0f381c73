import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { agreementCodes, agreements, type AgreementCode } from '../../../common/agreements.js';
import { displayCode, formatCode, normaliseCode, parseSection } from '../../../common/hs/code.js';
import { isDemonstration } from '../../../common/lookup/demonstration.js';
import type { CodePage as CodePageData } from '../../../common/lookup/schemas.js';
import { describeRule, type Translate } from '../../../common/origin/describe.js';
import { usePageMeta } from '../../app/page-effects.js';
import { NotFoundPage } from '../NotFoundPage.js';
import { DutyRatesTable, scheduleName } from './DutyRates.js';
import { useCodePage, useLookupLang, useYears } from './lookup-api.js';
import { LinkList, Prose, QueryState, Section } from './parts.js';
import { codePath, levelLabelId, localText, withYear, yearOfParams } from './text.js';
import { YearSource } from './YearSource.js';
import { CodeDeclarations } from '../../precedents/CodeDeclarations.js';

const codeTitle = (doc: CodePageData['doc']) => (doc.level === 1 ? doc.id : doc.hs);

/** An untitled group row (`- Ngựa:`) has no code to show: its words stand for it, without the dashes and colon. */
const groupTitle = (description: string) => description.replace(/^[-\s]+/, '').replace(/:\s*$/, '');

/** Where no product-specific rule is loaded: the agreement's general rule, labelled as such, or that there is none. */
function GeneralRule({ agreement, t }: { agreement: string; t: Translate }) {
  const general = (agreementCodes as readonly string[]).includes(agreement) ? agreements[agreement as AgreementCode].origin.generalRule : '';
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {general ? <FormattedMessage id="lookup.code.generalRule" values={{ rule: describeRule(general, t) }} /> : <FormattedMessage id="lookup.code.noRule" />}
    </Typography>
  );
}

function CodeContent({ page, year }: { page: CodePageData; year: number }) {
  const intl = useIntl();
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const lang = useLookupLang();
  const { doc } = page;
  const tariffYears = useYears().data?.years ?? [];
  const description = localText(doc, 'description', lang).text;
  const notes = localText(doc, 'notes', lang).text;
  const unit = localText(doc, 'unit_of_quantity', lang).text;
  usePageMeta('lookup.code.pageTitle', 'lookup.code.pageDescription', { code: codeTitle(doc), description: description.slice(0, 120) });
  return (
    <Stack spacing={2}>
      <Breadcrumbs aria-label={intl.formatMessage({ id: 'lookup.code.ancestors' })}>
        <Link component={RouterLink} to={withYear('/', year)}><FormattedMessage id="lookup.code.tariff" values={{ year }} /></Link>
        {page.ancestors.map((ancestor) => (
          <Link key={ancestor.id} component={RouterLink} to={withYear(codePath(ancestor.id), year)}>
            {ancestor.level === 1 ? intl.formatMessage({ id: 'lookup.tree.sectionLabel' }, { section: ancestor.id }) : ancestor.hs || groupTitle(localText(ancestor, 'description', lang).text)}
          </Link>
        ))}
        <Typography color="text.primary">{codeTitle(doc)}</Typography>
      </Breadcrumbs>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1" data-testid="code-title">
          {doc.level === 1 ? intl.formatMessage({ id: 'lookup.tree.sectionLabel' }, { section: doc.id }) : doc.hs}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400 }}>{description}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Chip label={<FormattedMessage id={levelLabelId(doc)} />} />
          {unit && <Chip variant="outlined" label={<FormattedMessage id="lookup.code.unitValue" values={{ unit }} />} />}
          {page.years.map((y) => (
            <Chip key={y} component={RouterLink} to={withYear(codePath(doc.id), y)} clickable color={y === year ? 'primary' : 'default'}
              label={y} aria-label={intl.formatMessage({ id: 'lookup.code.inYear' }, { year: y })} />
          ))}
          {tariffYears.length > 1 && doc.level > 1 && (
            <Chip variant="outlined" clickable component={RouterLink} to={`/compare/${doc.id}?to=${year}`} data-testid="compare-years"
              label={<FormattedMessage id="lookup.code.compareYears" />} />
          )}
        </Stack>
        <YearSource year={year} />
        {tariffYears.length === 1 && doc.level > 1 && (
          <Typography variant="body2" color="text.secondary" data-testid="one-year"><FormattedMessage id="lookup.held.oneYear" values={{ year: tariffYears[0] }} /></Typography>
        )}
      </Stack>
      {doc.level > 1 && <CodeDeclarations code={doc.id} />}
      {notes && <Section titleId="lookup.code.notes"><Prose text={notes} /></Section>}
      {page.children.length > 0 && (
        <Section titleId="lookup.code.children" testId="code-children">
          <LinkList items={page.children.map((child) => {
            const unit = localText(child, 'unit_of_quantity', lang).text;
            return {
              key: child.id, to: withYear(codePath(child.id), year),
              primary: <><strong>{child.hs}</strong> {localText(child, 'description', lang).text}</>,
              secondary: unit ? intl.formatMessage({ id: 'lookup.tree.unit' }, { unit }) : undefined,
            };
          })} />
        </Section>
      )}
      {page.dutyRates.length > 0 && (
        <Section titleId="lookup.code.dutyRates" testId="duty-rates"><DutyRatesTable rates={page.dutyRates} /></Section>
      )}
      {page.procedures.length > 0 && (
        <Section titleId="lookup.code.procedures" testId="procedures">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}><FormattedMessage id="lookup.code.proceduresNote" /></Typography>
          <Table size="small" aria-label={intl.formatMessage({ id: 'lookup.code.procedures' })}>
            <TableHead>
              <TableRow>
                <TableCell><FormattedMessage id="lookup.code.procedure" /></TableCell>
                <TableCell sx={wideOnly}><FormattedMessage id="lookup.code.legalReference" /></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.procedures.map((procedure, index) => (
                <TableRow key={index}>
                  <TableCell lang="vi">
                    {procedure.name}
                    <Typography variant="body2" color="text.secondary" sx={phoneOnly}>{procedure.reference}</Typography>
                  </TableCell>
                  <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{procedure.reference}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}
      {doc.level > 1 && (
        <Section titleId="lookup.code.originRules" testId="origin-rules">
          <Table size="small" aria-label={intl.formatMessage({ id: 'lookup.code.originRules' })}>
            <TableHead>
              <TableRow>
                <TableCell><FormattedMessage id="lookup.code.agreement" /></TableCell>
                <TableCell><FormattedMessage id="lookup.code.rule" /></TableCell>
                <TableCell sx={wideOnly}><FormattedMessage id="lookup.code.ruleFrom" /></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.originRules.map((rule) => (
                <TableRow key={rule.agreement}>
                  <TableCell sx={{ fontWeight: 600 }}>{scheduleName(intl, rule.agreement)}</TableCell>
                  <TableCell>
                    {rule.rule === null ? <GeneralRule agreement={rule.agreement} t={t} /> : <span title={rule.rule} data-testid="origin-rule">{describeRule(rule.rule, t)}</span>}
                    {rule.hs && rule.hs !== doc.id && (
                      <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
                        <FormattedMessage id="lookup.code.ruleFrom" />: <Link component={RouterLink} to={withYear(codePath(rule.hs), year)}>{displayCode(rule.hs)}</Link>
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={wideOnly}>{rule.hs && (rule.hs === doc.id ? '' : <Link component={RouterLink} to={withYear(codePath(rule.hs), year)}>{displayCode(rule.hs)}</Link>)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}
      <Section titleId="lookup.code.regulations">
        {page.regulations.length === 0 ? <Typography color="text.secondary"><FormattedMessage id="lookup.code.noRegulations" /></Typography> : (
          <LinkList items={page.regulations.map((regulation) => ({
            key: String(regulation.id), to: withYear(`/regulation/${regulation.id}`, year), primary: regulation.doc_no, secondary: localText(regulation, 'title', lang).text,
          }))} />
        )}
      </Section>
      {doc.level > 1 && (
        <Section titleId="lookup.code.decisions">
          {page.decisions.length === 0 ? <Typography color="text.secondary"><FormattedMessage id="lookup.code.noDecisions" /></Typography> : (
            <LinkList items={page.decisions.map((decision) => ({
              key: decision.id, to: `/classification/${decision.id}`, primary: `${decision.doc_no} · ${formatCode(decision.hs)}${isDemonstration(decision.doc_no) ? ` · ${intl.formatMessage({ id: 'lookup.decision.demonstration' })}` : ''}`, secondary: localText(decision, 'product_name', lang).text,
            }))} />
          )}
        </Section>
      )}
    </Stack>
  );
}

/** The page of one code, addressed by its digits (`/0101`, `/85171300`) or a section numeral (`/XVI`). */
// On a phone a table's third column left its text a word a line: what it holds moves under the first cell instead.
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
const phoneOnly = { display: { sm: 'none' } } as const;

export function CodePage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const year = yearOfParams(params);
  const digits = normaliseCode(code);
  const valid = (parseSection(code) === code || (digits === code && code.length >= 2));
  const query = useCodePage(code, year, valid);
  // A code typed as the tariff prints it (0901.11.10) is the page of its digits.
  if (!valid && digits !== undefined && digits.length >= 2) return <Navigate to={withYear(codePath(digits), year)} replace />;
  if (!valid) return <NotFoundPage />;
  return (
    <QueryState isError={query.isError} error={query.error} hasData={!!query.data}>
      {() => <CodeContent page={query.data!} year={year} />}
    </QueryState>
  );
}
