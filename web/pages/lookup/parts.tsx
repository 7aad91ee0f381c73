import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../app/api.js';
import { NotFoundPage } from '../NotFoundPage.js';

/** A titled block of a detail page. */
export function Section({ titleId, values, children, testId }: { titleId: string; values?: Record<string, string | number>; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}><FormattedMessage id={titleId} values={values} /></Typography>
      {children}
    </Paper>
  );
}

/** Loading, not-found and failure states shared by the detail pages; renders children once data is there. */
export function QueryState({ isError, error, hasData, children }: { isError: boolean; error: unknown; hasData: boolean; children: () => ReactNode }) {
  const intl = useIntl();
  if (isError) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
    return <Alert severity="error"><FormattedMessage id="lookup.search.failed" /></Alert>;
  }
  if (!hasData) return <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress aria-label={intl.formatMessage({ id: 'shell.loading' })} /></Box>;
  return <>{children()}</>;
}

/** Text with the line breaks of the source kept. */
export const Prose = ({ text }: { text: string }) => <Typography sx={{ whiteSpace: 'pre-wrap' }}>{text}</Typography>;

/** A list of links to other lookup pages, each with a primary and a secondary line. */
export function LinkList({ items }: { items: Array<{ key: string; to: string; primary: ReactNode; secondary?: ReactNode }> }) {
  return (
    <List dense disablePadding>
      {items.map((item) => (
        <ListItemButton key={item.key} component={RouterLink} to={item.to}>
          <ListItemText primary={item.primary} secondary={item.secondary} />
        </ListItemButton>
      ))}
    </List>
  );
}
