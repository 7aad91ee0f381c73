import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { resourceTitleKey } from '../../../common/resources/define.js';
import { resourceNamed } from '../../../common/resources/index.js';
import { usePageMeta } from '../../app/page-effects.js';
import { ResourceTable } from '../../resources/ResourceTable.js';
import { type DataPage as DataPageConfig, tabOf } from './data-pages.js';

function useResourceTitle(): (name: string) => string {
  const intl = useIntl();
  return (name) => {
    const id = resourceTitleKey(resourceNamed(name));
    return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : name;
  };
}

function PageHeading({ titleId, table }: { titleId: string; table: string }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  usePageMeta('data.documentTitle', undefined, { table, page: title });
  return <Typography variant="h4" component="h1">{title}</Typography>;
}

/** A group of business tables as tabs; the tab is part of the path, so a table can be linked and reloaded. */
export function DataTabsPage({ page }: { page: DataPageConfig }) {
  const intl = useIntl();
  const { tab } = useParams();
  const titleOf = useResourceTitle();
  const active = tabOf(page, tab);
  if (tab !== active) return <Navigate to={`${page.path}/${active}`} replace />;
  const resource = resourceNamed(active);
  return (
    <Stack spacing={2}>
      <PageHeading titleId={page.titleId} table={titleOf(active)} />
      <Card>
        <Tabs
          value={active}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={intl.formatMessage({ id: page.titleId })}
          sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          {page.tabs.map((name) => (
            <Tab key={name} value={name} label={titleOf(name)} component={RouterLink} to={`${page.path}/${name}`} data-testid={`tab-${name}`} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1.5, md: 2 } }}>
          <ResourceTable key={resource.name} resource={resource} />
        </Box>
      </Card>
    </Stack>
  );
}

/** One business table on its own page (the FTA group). */
export function SingleTablePage({ name, titleId }: { name: string; titleId: string }) {
  const titleOf = useResourceTitle();
  const resource = resourceNamed(name);
  return (
    <Stack spacing={2}>
      <PageHeading titleId={titleId} table={titleOf(name)} />
      <Card sx={{ p: { xs: 1.5, md: 2 } }}>
        <ResourceTable key={resource.name} resource={resource} />
      </Card>
    </Stack>
  );
}
