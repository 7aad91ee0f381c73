import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { useSession } from '../app/session/SessionProvider.js';
import { usePrecedents } from './precedents-api.js';
import { PrecedentList } from './PrecedentList.js';

/**
 * Beside the public tariff search: how the signed-in user's current company declared items matching the same words
 * (every folder set). Nothing for visitors, and nothing when the company has no such declaration.
 */
export function YourDeclarations({ q }: { q: string }) {
  const { status, company } = useSession();
  const precedents = usePrecedents(status === 'authenticated' && company && q ? { companySlug: company.slug, q } : null);
  if (!company || !q) return null;
  if (precedents.isPending && precedents.fetchStatus === 'fetching') return <LinearProgress sx={{ opacity: 0.5 }} />;
  const answer = precedents.data;
  if (!answer || answer.results.length === 0) return null;
  return (
    <Card variant="outlined" sx={{ borderColor: 'primary.light', bgcolor: 'action.hover' }} data-testid="your-declarations">
      <CardContent>
        <Stack spacing={1.5}>
          <div>
            <Typography variant="h6" component="h2"><FormattedMessage id="precedents.title" /></Typography>
            <Typography variant="body2" color="text.secondary"><FormattedMessage id="precedents.searchIntro" values={{ company: company.name, q }} /></Typography>
          </div>
          <PrecedentList precedents={answer.results} decisions={answer.decisions} shown={2} />
        </Stack>
      </CardContent>
    </Card>
  );
}
