import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { ImportButtons } from '../imports/ImportButtons.js';
import type { ResourceLabels } from './labels.js';
import type { ConnectionState } from './table-state.js';
import type { TableQuery } from './use-table-query.js';

export type ReadOnlyReason = 'locked' | 'viewer' | 'derived';

/** One row that wraps: search, the view's tools, then the count and the changes at the far end. */
export function TableToolbar({
  resource, labels, query, state, count, countCapped, countEstimated, scopeReady, readOnlyReason, canCreate, canDelete,
  exporting, onExport, onShowColumns, onDeleteAll, onAdd,
}: {
  resource: ResourceDefinition;
  labels: ResourceLabels;
  query: TableQuery;
  state: ConnectionState;
  count: number;
  countCapped: boolean;
  /** The count is the database's estimate (a large list without a search). */
  countEstimated: boolean;
  scopeReady: boolean;
  readOnlyReason: ReadOnlyReason | null;
  canCreate: boolean;
  canDelete: boolean;
  exporting: boolean;
  onExport: () => void;
  onShowColumns: () => void;
  onDeleteAll: () => void;
  onAdd: () => void;
}) {
  const intl = useIntl();
  const searchLabels = resource.search.map((field) => labels.field(field)).join(', ');
  return (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1.5 }}>
      <Tooltip title={intl.formatMessage({ id: 'table.search.fields' }, { fields: searchLabels })} placement="bottom-start">
      <TextField
        size="small"
        value={query.search}
        onChange={(event) => query.typeSearch(event.target.value)}
        placeholder={intl.formatMessage({ id: 'table.search.placeholder' })}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> },
          htmlInput: { 'aria-label': intl.formatMessage({ id: 'table.search.label' }), type: 'search', 'data-testid': 'table-search' },
        }}
        sx={{ width: { xs: '100%', sm: 300 } }}
      />
      </Tooltip>
      <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
        <Button
          color={query.filtersOpen || query.activeFilters > 0 ? 'primary' : 'inherit'}
          startIcon={<Badge badgeContent={query.activeFilters} color="primary"><FilterListOutlined /></Badge>}
          onClick={query.toggleFilters}
          aria-expanded={query.filtersOpen}
          data-testid="toggle-filters"
        >
          <FormattedMessage id="table.filter.title" />
        </Button>
        <Button color="inherit" startIcon={<ViewColumnOutlined />} onClick={onShowColumns} disabled={state !== 'hasData'}>
          <FormattedMessage id="table.columns" />
        </Button>
        <Button color="inherit" startIcon={<FileDownloadOutlined />} onClick={onExport} loading={exporting} disabled={state !== 'hasData' || count === 0} data-testid="table-export">
          <FormattedMessage id="table.export.button" />
        </Button>
        <ImportButtons resource={resource} disabled={!scopeReady} />
        {readOnlyReason && (
          <Chip size="small" variant="outlined" icon={<LockOutlined />} label={<FormattedMessage id={`table.readOnly.${readOnlyReason}`} />} />
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ ml: 'auto', flexShrink: 0, alignItems: 'center', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
        {state === 'hasData' && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="table-count">
            <FormattedMessage id={countCapped ? 'table.countCapped' : countEstimated ? 'table.countEstimated' : 'table.count'} values={{ count }} />
          </Typography>
        )}
        {canDelete && state === 'hasData' && count > 0 && (
          <Button color="error" startIcon={<DeleteSweepOutlined />} onClick={onDeleteAll} data-testid="delete-all">
            <FormattedMessage id="table.delete.all" />
          </Button>
        )}
        {canCreate && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={onAdd} disabled={!scopeReady} data-testid="add-row">
            <FormattedMessage id="table.add.button" />
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
