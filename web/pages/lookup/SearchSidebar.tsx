import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { defaultTariffYear } from '../../../common/lookup/query.js';
import { searchPath } from './SearchBanner.js';
import { forgetSearches, recentSearchesSnapshot, subscribeRecentSearches } from './recent-searches.js';

/** The search sidebar: how to search, and the visitor's recent searches. */
export function SearchSidebar() {
  const intl = useIntl();
  const recent = useSyncExternalStore(subscribeRecentSearches, recentSearchesSnapshot, () => []);
  return (
    <Stack spacing={2} component="aside" aria-label={intl.formatMessage({ id: 'lookup.sidebar.title' })}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}><FormattedMessage id="lookup.sidebar.tipsTitle" /></Typography>
        <Typography variant="body2" color="text.secondary" component="ul" sx={{ pl: 2, mb: 1 }}>
          <li><FormattedMessage id="lookup.sidebar.tipCode" /></li>
          <li><FormattedMessage id="lookup.sidebar.tipAccents" /></li>
          <li><FormattedMessage id="lookup.sidebar.tipPhrase" /></li>
        </Typography>
        <Button component={RouterLink} to="/help" size="small"><FormattedMessage id="lookup.sidebar.more" /></Button>
      </Paper>
      {recent.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}><FormattedMessage id="lookup.sidebar.recent" /></Typography>
          <List dense>
            {recent.map((item) => (
              <ListItemButton key={`${item.mode}:${item.q}`} component={RouterLink} to={searchPath({ ...item, exact: false, year: defaultTariffYear })}>
                <ListItemIcon sx={{ minWidth: 32 }}><HistoryIcon fontSize="small" /></ListItemIcon>
                <ListItemText primary={item.q} secondary={intl.formatMessage({ id: item.mode === 'tariff' ? 'lookup.banner.tariff' : 'lookup.banner.classification' })} />
              </ListItemButton>
            ))}
          </List>
          <Button size="small" onClick={forgetSearches}><FormattedMessage id="lookup.sidebar.clear" /></Button>
        </Paper>
      )}
    </Stack>
  );
}
