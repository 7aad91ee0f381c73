import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  GridOverlay,
  type GridPaginationModel,
  GridPreferencePanelsValue,
  type GridRowSelectionModel,
  type GridSortModel,
  useGridApiRef,
} from '@mui/x-data-grid';
import { koKR, viVN } from '@mui/x-data-grid/locales';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { formatCode } from '../../common/hs/code.js';
import { formatBusinessDay } from '../app/i18n/dates.js';
import { allows, type FieldDefinition, type ResourceDefinition } from '../../common/resources/define.js';
import { ApiError } from '../app/api.js';
import { ImportButtons } from '../imports/ImportButtons.js';
import { useErrorText } from '../app/session/error-text.js';
import { useSession } from '../app/session/SessionProvider.js';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import { AddRowDialog } from './AddRowDialog.js';
import { BulkEditDialog } from './BulkEditDialog.js';
import { type ColumnVisibility, completeVisibility, loadVisibility, saveVisibility } from './column-visibility.js';
import { ConfirmDialog } from '../app/ConfirmDialog.js';
import { CellErrorsContext, cellKey, EditCell } from './EditCell.js';
import { type CellValue, fractionDigits, parseFieldInput, sameValue } from './field-values.js';
import { FilterBar, newCondition } from './FilterBar.js';
import { type ResourceLabels, useResourceLabels } from './labels.js';
import {
  activeConditionCount, deleteMatchingBody, exportQuery, type FilterCondition, isFiltered, listQuery, orderingOfSort,
  PAGE_SIZES, sortOfOrdering, type SortItem, type ViewState,
} from './list-query.js';
import {
  deleteMatching, deleteRows, downloadExport, listRows, type Page, resourceQueryKey, type ResourceRow, selectableValues, updateRow,
} from './resource-api.js';
import { type ConnectionState, connectionState } from './table-state.js';
import { useDebounced } from './use-debounced.js';
import { useValidationText } from './validation-text.js';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    filtered: boolean;
    canCreate: boolean;
  }
}

const gridLocaleText = {
  en: {},
  vi: viVN.components.MuiDataGrid.defaultProps.localeText,
  ko: koKR.components.MuiDataGrid.defaultProps.localeText,
};

const columnWidth = (definition: FieldDefinition) => {
  switch (definition.kind) {
    case 'decimal': return 140;
    case 'integer': return 100;
    case 'date': return 124;
    case 'choice': return 180;
    case 'code': return (definition.maxLength ?? 255) <= 20 ? 110 : 150;
    default: return (definition.maxLength ?? 255) > 255 ? 300 : 200;
  }
};

/** A stored value in the reader's locale: grouped numbers at their stored precision, date-only values in UTC. */
function formatCell(intl: IntlShape, labels: ResourceLabels, field: string, definition: FieldDefinition, value: CellValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // HS codes are stored as digits and read as the tariff prints them.
  if (definition.hsCode) return formatCode(String(value));
  switch (definition.kind) {
    case 'decimal': {
      const text = String(value);
      const number = Number(text);
      return Number.isFinite(number) ? intl.formatNumber(number, { maximumFractionDigits: fractionDigits(text) }) : text;
    }
    case 'integer':
      return intl.formatNumber(Number(value), { useGrouping: false });
    case 'date':
      return formatBusinessDay(intl, String(value));
    case 'choice':
      return labels.choice(field, String(value));
    default:
      return String(value);
  }
}

/** A save the grid refused: the reasons by field, shown at the cells that keep the typed values. */
class CellSaveError extends Error {
  constructor(readonly id: number, readonly fields: Record<string, string>) {
    super('cell save refused');
  }
}

/** The empty grid: nothing recorded yet (with what to do about it), or nothing matching the search and filters. */
function EmptyOverlay({ filtered, canCreate }: { filtered: boolean; canCreate: boolean }) {
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
function NoScope({ hasCompany }: { hasCompany: boolean }) {
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

type Confirming =
  | { kind: 'selected'; ids: readonly number[] }
  | { kind: 'matching'; count: number }
  | { kind: 'all'; count: number };

interface Permissions { create: boolean; update: boolean; delete: boolean }

interface Selection { pageKey: string; ids: readonly number[]; allMatching: boolean }

/** One empty list, so that an empty selection keeps its identity between renders. */
const noIds: readonly number[] = [];

/**
 * The generic screen of one business table: server-side paging, sorting, search and filters,
 * remembered columns, inline editing, an add-row form with autofill, selection with bulk edit and
 * delete (also of every matching row), delete all, and the Excel export of the current view.
 */
export function ResourceTable({ resource }: { resource: ResourceDefinition }) {
  const { user, companySlug, folderSlug, company } = useSession();
  const role = user?.companies.find((entry) => entry.company_slug === companySlug)?.role;
  const canWrite = role !== undefined && role !== 'viewer';
  const locked = allows(resource, 'locked');
  const editable = allows(resource, 'create') || allows(resource, 'update') || allows(resource, 'delete');
  const permissions: Permissions = {
    create: canWrite && !locked && allows(resource, 'create'),
    update: canWrite && !locked && allows(resource, 'update'),
    delete: canWrite && !locked && allows(resource, 'delete'),
  };
  return (
    <ScopedTable
      key={`${user?.id ?? ''}:${companySlug ?? ''}:${folderSlug ?? ''}`}
      resource={resource}
      userId={user?.id ?? ''}
      companySlug={companySlug}
      folderSlug={folderSlug}
      // Until the company's detail arrives its folder sets are unknown: that is waiting, not a missing folder set.
      scopeKnown={companySlug === null || company !== undefined}
      permissions={permissions}
      readOnlyReason={locked ? 'locked' : !editable ? 'derived' : !canWrite ? 'viewer' : null}
    />
  );
}

function ScopedTable({ resource, userId, companySlug, folderSlug, scopeKnown, permissions, readOnlyReason }: {
  resource: ResourceDefinition;
  userId: string;
  companySlug: string | null;
  folderSlug: string | null;
  scopeKnown: boolean;
  permissions: Permissions;
  readOnlyReason: 'locked' | 'viewer' | 'derived' | null;
}) {
  const intl = useIntl();
  const labels = useResourceLabels(resource);
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const validationText = useValidationText();
  const apiRef = useGridApiRef();

  const [searchInput, setSearchInput] = useState('');
  const [filters, setFilters] = useState<FilterCondition[]>([]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [ordering, setOrdering] = useState<string | null>(null);
  const typed = useMemo(() => ({ search: searchInput, filters }), [searchInput, filters]);
  const settled = useDebounced(typed, 300);

  const view: ViewState = useMemo(
    () => ({ companySlug: companySlug ?? '', folderSlug: folderSlug ?? '', search: settled.search, ordering, filters: settled.filters }),
    [companySlug, folderSlug, settled, ordering],
  );
  const viewKey = JSON.stringify(listQuery(resource, view, 0, 0));
  // Paging and selection belong to one view: a new search, filter or order starts again at page 1 with nothing selected.
  const [paging, setPaging] = useState({ viewKey, page: 0, pageSize: 25 as number });
  const page = paging.viewKey === viewKey ? paging.page : 0;
  const pageSize = paging.pageSize;
  const pageKey = `${viewKey}#${page}#${pageSize}`;
  const [selection, setSelection] = useState<Selection>({ pageKey, ids: noIds, allMatching: false });
  const selected = selection.pageKey === pageKey ? selection : { pageKey, ids: noIds, allMatching: false };
  const clearSelection = () => setSelection({ pageKey, ids: noIds, allMatching: false });

  const scopeReady = companySlug !== null && folderSlug !== null;
  const query = listQuery(resource, view, page, pageSize);
  const list = useQuery({
    queryKey: [...resourceQueryKey(resource), 'list', query],
    queryFn: ({ signal }) => listRows(resource, query, signal),
    enabled: scopeReady,
    placeholderData: keepPreviousData,
  });
  const state: ConnectionState = !scopeReady && !scopeKnown
    ? 'waiting'
    : connectionState({ enabled: scopeReady, isError: list.isError, hasData: list.data !== undefined });
  const rows = useMemo(() => list.data?.results ?? [], [list.data]);
  const count = list.data?.count ?? 0;
  const filtered = isFiltered(resource, typed);

  const hasSelectable = Object.values(resource.fields).some((field) => field.selectable);
  const [adding, setAdding] = useState(false);
  const [bulkEditing, setBulkEditing] = useState(false);
  const selectable = useQuery({
    queryKey: [...resourceQueryKey(resource), 'selectable', companySlug, folderSlug],
    queryFn: () => selectableValues(resource, { companySlug: companySlug ?? '', folderSlug: folderSlug ?? '' }),
    enabled: scopeReady && hasSelectable && (filtersOpen || adding || bulkEditing),
    staleTime: 60_000,
  });

  const [visibility, setVisibility] = useState<ColumnVisibility>(() => loadVisibility(window.localStorage, userId, resource));
  const changeVisibility = useCallback((model: GridColumnVisibilityModel) => {
    const complete = completeVisibility(resource, model);
    setVisibility(complete);
    saveVisibility(window.localStorage, userId, resource, complete);
  }, [resource, userId]);

  const [cellErrors, setCellErrors] = useState<ReadonlyMap<string, string>>(new Map());

  const columns = useMemo<GridColDef<ResourceRow>[]>(() => Object.entries(resource.fields).map(([name, definition]) => {
    const numeric = definition.kind === 'decimal' || definition.kind === 'integer';
    const label = labels.field(name);
    return {
      field: name,
      headerName: label,
      description: label,
      width: Math.max(columnWidth(definition), Math.min(label.length * 8 + 60, 280)),
      align: numeric ? 'right' : 'left',
      headerAlign: numeric ? 'right' : 'left',
      editable: permissions.update,
      filterable: false,
      valueFormatter: (value: CellValue | undefined) => formatCell(intl, labels, name, definition, value),
      renderEditCell: (params) => <EditCell params={params} definition={definition} choiceLabel={(value) => labels.choice(name, value)} />,
    } satisfies GridColDef<ResourceRow>;
  }), [resource, labels, intl, permissions.update]);

  const processRowUpdate = useCallback(async (next: ResourceRow, previous: ResourceRow): Promise<ResourceRow> => {
    const changes: Record<string, CellValue> = {};
    const problems: Record<string, string> = {};
    for (const [name, definition] of Object.entries(resource.fields)) {
      if (next[name] === previous[name]) continue;
      const parsed = parseFieldInput(definition, next[name]);
      if (!parsed.ok) problems[name] = validationText.problem(definition, parsed.problem);
      else if (!sameValue(definition, previous[name], parsed.value)) changes[name] = parsed.value;
    }
    if (Object.keys(problems).length > 0) throw new CellSaveError(previous.id, problems);
    if (Object.keys(changes).length === 0) return previous;
    try {
      const saved = await updateRow(resource, previous.id, changes);
      setCellErrors((current) => new Map([...current].filter(([key]) => !key.startsWith(`${previous.id}:`))));
      queryClient.setQueriesData<Page<ResourceRow>>({ queryKey: [...resourceQueryKey(resource), 'list'] }, (old) =>
        old ? { ...old, results: old.results.map((row) => (row.id === saved.id ? saved : row)) } : old);
      return saved;
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        // A reason about another field is still shown at the edited cell, where the user is looking.
        const fields = Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [
          field in changes ? field : Object.keys(changes)[0] ?? field,
          validationText.server(resource.fields[field], messages),
        ]));
        throw new CellSaveError(previous.id, fields);
      }
      throw new CellSaveError(previous.id, Object.fromEntries(Object.keys(changes).map((field) => [field, errorText(error)])));
    }
  }, [resource, queryClient, errorText, validationText]);

  const onProcessRowUpdateError = useCallback((error: unknown) => {
    if (error instanceof CellSaveError) {
      setCellErrors((current) => {
        const nextErrors = new Map([...current].filter(([key]) => !key.startsWith(`${error.id}:`)));
        for (const [field, message] of Object.entries(error.fields)) nextErrors.set(cellKey(error.id, field), message);
        return nextErrors;
      });
    } else {
      snackbar.error(errorText(error));
    }
  }, [snackbar, errorText]);

  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: resourceQueryKey(resource) });
  /** What follows a delete, of the selected rows or of all matching ones. */
  const afterDelete = {
    onSuccess: async (answer: { deleted: number }) => {
      snackbar.success(intl.formatMessage({ id: 'table.delete.done' }, { count: answer.deleted }));
      setConfirming(null);
      clearSelection();
      await invalidate();
    },
    onError: (error: Error) => { setConfirming(null); snackbar.error(errorText(error)); },
  };
  const removeSelected = useMutation({ mutationFn: (ids: readonly number[]) => deleteRows(resource, companySlug ?? '', ids), ...afterDelete });
  const removeMatching = useMutation({ mutationFn: (body: Record<string, unknown>) => deleteMatching(resource, body), ...afterDelete });
  const exporting = useMutation({
    mutationFn: () => downloadExport(resource, exportQuery(resource, view, intl.locale)),
    onSuccess: (name) => snackbar.success(intl.formatMessage({ id: 'table.export.done' }, { name })),
    onError: (error) => snackbar.error(errorText(error)),
  });

  const askDeleteAll = async () => {
    if (!filtered) { setConfirming({ kind: 'all', count }); return; }
    // The list shows the filtered count; the whole table's count is one small request away.
    const all = { ...view, search: '', filters: [] };
    try {
      const answer = await queryClient.fetchQuery({
        queryKey: [...resourceQueryKey(resource), 'list', listQuery(resource, all, 0, 1)],
        queryFn: () => listRows(resource, listQuery(resource, all, 0, 1)),
      });
      setConfirming({ kind: 'all', count: answer.count });
    } catch (error) {
      snackbar.error(errorText(error));
    }
  };

  const confirmDelete = () => {
    if (!confirming) return;
    if (confirming.kind === 'selected') removeSelected.mutate(confirming.ids);
    else if (confirming.kind === 'matching') removeMatching.mutate(deleteMatchingBody(resource, view));
    else removeMatching.mutate(deleteMatchingBody(resource, { ...view, search: '', filters: [] }));
  };

  const sortModel = useMemo<GridSortModel>(() => sortOfOrdering(ordering ?? resource.ordering), [ordering, resource.ordering]);
  const rowSelectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selected.ids) }), [selected.ids]);
  const selectionEnabled = permissions.delete || permissions.update;
  const allOnPageSelected = selected.ids.length > 0 && selected.ids.length === rows.length;
  const activeFilters = activeConditionCount(filters, resource);
  const searchLabels = resource.search.map((field) => labels.field(field)).join(', ');
  const selectedCount = selected.allMatching ? count : selected.ids.length;

  const scope = { companySlug: companySlug ?? '', folderSlug: folderSlug ?? '' };
  const localeText = useMemo(() => ({
    ...gridLocaleText[intl.locale as keyof typeof gridLocaleText],
    // Not every grid translation has the pager's "1–25 of 40".
    paginationDisplayedRows: ({ from, to, count: total }: { from: number; to: number; count: number }) =>
      intl.formatMessage({ id: 'table.pagination' }, { from, to, count: total }),
  }), [intl]);

  if (state === 'none') return <NoScope hasCompany={companySlug !== null} />;
  return (
    <Stack spacing={2} data-testid={`resource-table-${resource.name}`} data-state={state}>
      {/* One row that wraps: search, the view's tools, then the count and the changes at the far end. */}
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1.5 }}>
        <Tooltip title={intl.formatMessage({ id: 'table.search.fields' }, { fields: searchLabels })} placement="bottom-start">
        <TextField
          size="small"
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
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
            color={filtersOpen || activeFilters > 0 ? 'primary' : 'inherit'}
            startIcon={<Badge badgeContent={activeFilters} color="primary"><FilterListOutlined /></Badge>}
            onClick={() => {
              if (!filtersOpen && filters.length === 0) setFilters([newCondition(resource)]);
              setFiltersOpen((open) => !open);
            }}
            aria-expanded={filtersOpen}
            data-testid="toggle-filters"
          >
            <FormattedMessage id="table.filter.title" />
          </Button>
          <Button color="inherit" startIcon={<ViewColumnOutlined />} onClick={() => apiRef.current?.showPreferences(GridPreferencePanelsValue.columns)} disabled={state !== 'hasData'}>
            <FormattedMessage id="table.columns" />
          </Button>
          <Button color="inherit" startIcon={<FileDownloadOutlined />} onClick={() => exporting.mutate()} loading={exporting.isPending} disabled={state !== 'hasData' || count === 0} data-testid="table-export">
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
              <FormattedMessage id={list.data?.count_capped ? 'table.countCapped' : 'table.count'} values={{ count }} />
            </Typography>
          )}
          {permissions.delete && state === 'hasData' && count > 0 && (
            <Button color="error" startIcon={<DeleteSweepOutlined />} onClick={() => void askDeleteAll()} data-testid="delete-all">
              <FormattedMessage id="table.delete.all" />
            </Button>
          )}
          {permissions.create && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)} disabled={!scopeReady} data-testid="add-row">
              <FormattedMessage id="table.add.button" />
            </Button>
          )}
        </Stack>
      </Stack>

      {filtersOpen && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FilterBar resource={resource} labels={labels} conditions={filters} selectable={selectable.data} onChange={setFilters} />
        </Paper>
      )}

      {selectedCount > 0 && (
        <Alert
          severity="info"
          icon={false}
          sx={{ alignItems: 'center', '& .MuiAlert-message': { width: '100%' } }}
          data-testid="selection-bar"
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {selected.allMatching
                ? <FormattedMessage id="table.selection.allMatching" values={{ count }} />
                : <FormattedMessage id={allOnPageSelected && count > rows.length ? 'table.selection.page' : 'table.selection.count'} values={{ count: selected.ids.length }} />}
            </Typography>
            {!selected.allMatching && allOnPageSelected && count > rows.length && permissions.delete && (
              <Link component="button" variant="body2" onClick={() => setSelection({ ...selected, allMatching: true })} data-testid="select-all-matching">
                <FormattedMessage id="table.selection.selectAllMatching" values={{ count }} />
              </Link>
            )}
            <Link component="button" variant="body2" onClick={clearSelection}>
              <FormattedMessage id="table.selection.clear" />
            </Link>
            <Box sx={{ flexGrow: 1 }} />
            {permissions.update && !selected.allMatching && (
              <Button size="small" startIcon={<EditOutlined />} onClick={() => setBulkEditing(true)} data-testid="bulk-edit">
                <FormattedMessage id="table.bulkEdit.button" />
              </Button>
            )}
            {permissions.delete && (
              <Button
                size="small"
                color="error"
                variant="outlined"
                startIcon={<DeleteOutlined />}
                onClick={() => setConfirming(selected.allMatching ? { kind: 'matching', count } : { kind: 'selected', ids: selected.ids })}
                data-testid="delete-selected"
              >
                <FormattedMessage id="table.delete.selected" values={{ count: selectedCount }} />
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      {state === 'hasError' ? (
        <Alert
          severity="error"
          action={<Button color="inherit" size="small" onClick={() => void list.refetch()} loading={list.isFetching} data-testid="table-retry"><FormattedMessage id="table.error.retry" /></Button>}
          data-testid="table-error"
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}><FormattedMessage id="table.error.title" /></Typography>
          {errorText(list.error)}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ height: 'max(480px, calc(100vh - 330px))', overflow: 'hidden' }}>
          <CellErrorsContext.Provider value={cellErrors}>
            <DataGrid<ResourceRow>
              apiRef={apiRef}
              label={labels.title}
              rows={rows}
              columns={columns}
              rowCount={count}
              loading={state === 'waiting' || list.isFetching}
              density="compact"
              localeText={localeText}
              paginationMode="server"
              sortingMode="server"
              filterMode="server"
              disableColumnFilter
              pageSizeOptions={[...PAGE_SIZES]}
              paginationModel={{ page, pageSize }}
              onPaginationModelChange={(model: GridPaginationModel) => setPaging({ viewKey, page: model.page, pageSize: model.pageSize })}
              sortModel={sortModel}
              sortingOrder={['asc', 'desc']}
              onSortModelChange={(model) => {
                const sort = model.flatMap((item): SortItem[] => (item.sort ? [{ field: item.field, sort: item.sort }] : []));
                setOrdering(sort.length > 0 ? orderingOfSort(sort) : null);
              }}
              columnVisibilityModel={visibility}
              onColumnVisibilityModelChange={changeVisibility}
              checkboxSelection={selectionEnabled}
              disableRowSelectionOnClick
              hideFooterSelectedRowCount
              rowSelectionModel={rowSelectionModel}
              onRowSelectionModelChange={(model) => {
                const ids = model.type === 'include' ? [...model.ids] : rows.map((row) => row.id).filter((id) => !model.ids.has(id));
                setSelection({ pageKey, ids: ids.map(Number), allMatching: false });
              }}
              processRowUpdate={processRowUpdate}
              onProcessRowUpdateError={onProcessRowUpdateError}
              onCellEditStop={(params) => setCellErrors((current) => {
                const key = cellKey(params.id, params.field);
                if (!current.has(key)) return current;
                const nextErrors = new Map(current);
                nextErrors.delete(key);
                return nextErrors;
              })}
              slots={{ noRowsOverlay: EmptyOverlay }}
              slotProps={{
                loadingOverlay: { variant: list.data ? 'linear-progress' : 'skeleton', noRowsVariant: 'skeleton' },
                noRowsOverlay: { filtered, canCreate: permissions.create },
                // Only the table's own fields can be hidden; the checkbox column follows the user's role.
                columnsManagement: { getTogglableColumns: (all) => all.filter((column) => column.field in resource.fields).map((column) => column.field) },
              }}
              sx={{ border: 0, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 } }}
            />
          </CellErrorsContext.Provider>
        </Paper>
      )}

      {adding && <AddRowDialog resource={resource} scope={scope} labels={labels} selectable={selectable.data} onClose={() => setAdding(false)} />}
      {bulkEditing && (
        <BulkEditDialog
          resource={resource}
          companySlug={companySlug ?? ''}
          ids={selected.ids}
          labels={labels}
          selectable={selectable.data}
          onClose={() => setBulkEditing(false)}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === null ? '' : confirming.kind === 'all'
          ? <FormattedMessage id="table.delete.allTitle" values={{ count: confirming.count, table: labels.title }} />
          : <FormattedMessage id="table.delete.selectedTitle" values={{ count: confirming.kind === 'selected' ? confirming.ids.length : confirming.count, table: labels.title }} />}
        text={<FormattedMessage id={confirming?.kind === 'all' ? 'table.delete.allText' : 'table.delete.selectedText'} />}
        confirmLabel={<FormattedMessage id="table.delete.confirm" />}
        pending={removeSelected.isPending || removeMatching.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
