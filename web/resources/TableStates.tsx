import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GridOverlay } from '@mui/x-data-grid';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    filtered: boolean;
    canCreate: boolean;
  }
}

/** The empty grid: nothing recorded yet (with what to do about it), or nothing matching the search and filters. */
export function EmptyOverlay({ filtered, canCreate }: { filtered: boolean; canCreate: boolean }) {
  return (
    <GridOverlay>
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', px: 3 }} data-testid="table-empty">
        <InboxOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          <FormattedMessage id={filtered ? 'table.empty.noMatchTitle' : 'table.empty.title'} />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
          <FormattedMessage id={filtered ? 'table.empty.noMatchHint' : canCreate ? 'table.empty.hint' : 'table.empty.readOnlyHint'} />
        </Typography>
      </Stack>
    </GridOverlay>
  );
}

/** The `none` state: the data screens need a company and a folder set (reporting period). */
export function NoScope({ hasCompany }: { hasCompany: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="table-no-scope">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        <FormattedMessage id={hasCompany ? 'table.noScope.folderTitle' : 'table.noScope.companyTitle'} />
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 560, mx: 'auto' }}>
        <FormattedMessage id={hasCompany ? 'table.noScope.folderText' : 'table.noScope.companyText'} />
      </Typography>
      <Button variant="contained" component={RouterLink} to="/company"><FormattedMessage id="table.noScope.link" /></Button>
    </Paper>
  );
}
