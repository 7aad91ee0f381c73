import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { usePageMeta } from '../../app/page-effects.js';

const topics = ['words', 'accents', 'phrases', 'codes', 'modes', 'years', 'tree', 'codePage', 'co', 'contact'] as const;

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
        </Paper>
      ))}
    </Stack>
  );
}
