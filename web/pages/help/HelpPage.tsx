import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from '../../app/page-effects.js';

const topics = ['words', 'accents', 'phrases', 'codes', 'modes', 'years', 'tree', 'codePage', 'co', 'documents', 'contact'] as const;

/** How to use the lookup, topic by topic. */
export function HelpPage() {
  usePageMeta('help.pageTitle', 'help.pageDescription');
  return (
    <Stack spacing={2} sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h4" component="h1"><FormattedMessage id="help.title" /></Typography>
      <Typography color="text.secondary"><FormattedMessage id="help.intro" /></Typography>
      {topics.map((topic) => (
        <Paper key={topic} variant="outlined" component="section" sx={{ p: 2 }} aria-labelledby={`help-${topic}`}>
          <Typography id={`help-${topic}`} variant="h6" component="h2" sx={{ mb: 1 }}><FormattedMessage id={`help.sections.${topic}.title`} /></Typography>
          <Typography><FormattedMessage id={`help.sections.${topic}.text`} /></Typography>
          {topic === 'documents' && (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <Button component={RouterLink} to="/uni/arrival-notice" variant="outlined"><FormattedMessage id="uni.arrivalNotice.title" /></Button>
              <Button component={RouterLink} to="/uni/bill-of-lading" variant="outlined"><FormattedMessage id="uni.billOfLading.title" /></Button>
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
