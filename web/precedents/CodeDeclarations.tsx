import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatBusinessDay } from '../app/i18n/dates.js';
import { useSession } from '../app/session/SessionProvider.js';
import { usePrecedents } from './precedents-api.js';
import { PrecedentList } from './PrecedentList.js';

/** On a code's page, for a signed-in user: how often their company declared the code (or codes below it), and as which item codes. */
export function CodeDeclarations({ code }: { code: string }) {
  const intl = useIntl();
  const { status, company } = useSession();
  const precedents = usePrecedents(status === 'authenticated' && company ? { companySlug: company.slug, hs: code } : null);
  const results = precedents.data?.results;
  if (!company || !results) return null;
  const lines = results.reduce((sum, result) => sum + result.lines, 0);
  const codes = [...new Set(results.flatMap((result) => result.codes))];
  const first = results.map((result) => result.first_date).sort()[0];
  const last = results.map((result) => result.last_date).sort().at(-1);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="code-declarations">
      <Stack spacing={1}>
        <Typography variant="h6" component="h2"><FormattedMessage id="precedents.code.title" values={{ company: company.name }} /></Typography>
        {results.length === 0 || !first || !last ? (
          <Typography variant="body2" color="text.secondary"><FormattedMessage id="precedents.code.none" values={{ company: company.name }} /></Typography>
        ) : (
          <>
            <Typography variant="body2">
              <FormattedMessage id="precedents.code.summary" values={{ lines, first: formatBusinessDay(intl, first), last: formatBusinessDay(intl, last) }} />
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              {codes.slice(0, 20).map((item) => <Chip key={item} size="small" variant="outlined" label={item} />)}
            </Stack>
            <PrecedentList precedents={results} shown={3} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
