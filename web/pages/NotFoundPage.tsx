import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from '../app/page-effects.js';

/** Shown for every path the app does not know. */
export function NotFoundPage() {
  usePageMeta('notFound.pageTitle');
  return (
    <Box sx={{ minHeight: '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', gap: 2, px: 2 }}>
      <Typography variant="h1" component="p" color="primary" sx={{ fontSize: { xs: 64, md: 96 }, lineHeight: 1 }} aria-hidden>
        404
      </Typography>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="notFound.title" />
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        <FormattedMessage id="notFound.text" />
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        <FormattedMessage id="notFound.home" />
      </Button>
    </Box>
  );
}
