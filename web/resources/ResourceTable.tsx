import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, GridActionsCellItem, type GridColDef, GridPreferencePanelsValue, useGridApiRef } from '@mui/x-data-grid';
import { koKR, viVN } from '@mui/x-data-grid/locales';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { allows, type ResourceDefinition } from '../../common/resources/define.js';
import { useErrorText } from '../app/session/error-text.js';
import { useSession } from '../app/session/SessionProvider.js';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import { AddRowDialog } from './AddRowDialog.js';
import { BulkEditDialog } from './BulkEditDialog.js';
import { DeleteRowsDialog } from './DeleteRowsDialog.js';
import { CellErrorsContext } from './EditCell.js';
import { FilterBar } from './FilterBar.js';
import { useResourceLabels } from './labels.js';
import { exportQuery, PAGE_SIZES } from './list-query.js';
import { downloadExport, listRows, resourceQueryKey, type ResourceRow, selectableValues } from './resource-api.js';
import { SelectionBar } from './SelectionBar.js';
import { type ConnectionState, connectionState } from './table-state.js';
import { EmptyOverlay, NoScope } from './TableStates.js';
import { type ReadOnlyReason, TableToolbar } from './TableToolbar.js';
import { useCellEdits } from './use-cell-edits.js';
import { useColumnChoice } from './use-column-choice.js';
import { useResourceColumns } from './use-resource-columns.js';
import { type RowAction, rowActions } from './row-actions.js';
import { countPrecision, useRowDeletion } from './use-row-deletion.js';
import { useRowSelection } from './use-row-selection.js';
import { useTableQuery } from './use-table-query.js';

const gridLocaleText = {
  en: {},
  vi: viVN.components.MuiDataGrid.defaultProps.localeText,
  ko: koKR.components.MuiDataGrid.defaultProps.localeText,
};

interface Permissions { create: boolean; update: boolean; delete: boolean }

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
  readOnlyReason: ReadOnlyReason | null;
}) {
  const intl = useIntl();
  const labels = useResourceLabels(resource);
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const apiRef = useGridApiRef();

  const tableQuery = useTableQuery(resource, { companySlug, folderSlug });
  const { view, filtered } = tableQuery;
  const scopeReady = companySlug !== null && folderSlug !== null;
  const list = useQuery({
    queryKey: [...resourceQueryKey(resource), 'list', tableQuery.query],
    queryFn: ({ signal }) => listRows(resource, tableQuery.query, signal),
    enabled: scopeReady,
    placeholderData: keepPreviousData,
  });
  const state: ConnectionState = !scopeReady && !scopeKnown
    ? 'waiting'
    : connectionState({ enabled: scopeReady, isError: list.isError, hasData: list.data !== undefined });
  const rows = useMemo(() => list.data?.results ?? [], [list.data]);
  const count = list.data?.count ?? 0;

  const selection = useRowSelection(tableQuery.pageKey, rows);
  const { visibility, changeVisibility } = useColumnChoice(resource, userId);
  const fieldColumns = useResourceColumns(resource, labels, permissions.update);
  // A table's own row actions (a declaration line's precedents) lead the row, where they are seen without scrolling.
  const [rowAction, setRowAction] = useState<{ action: RowAction; row: ResourceRow } | null>(null);
  const columns = useMemo<GridColDef<ResourceRow>[]>(() => {
    const actions = rowActions[resource.name] ?? [];
    if (actions.length === 0) return fieldColumns;
    return [{
      field: '__actions', type: 'actions', width: 48 * actions.length, hideable: false,
      getActions: ({ row }) => actions.map((action) => (
        <GridActionsCellItem key={action.id} icon={action.icon} label={intl.formatMessage({ id: action.labelId })} title={intl.formatMessage({ id: action.labelId })}
          onClick={() => setRowAction({ action, row })} data-testid={`row-action-${action.id}`} />
      )),
    }, ...fieldColumns];
  }, [fieldColumns, resource.name, intl]);
  const cellEdits = useCellEdits(resource);
  const deletion = useRowDeletion({ resource, view, count, precision: countPrecision(list.data), filtered, onDeleted: selection.clear });
  const [dialog, setDialog] = useState<'add' | 'bulkEdit' | null>(null);

  // The known values of the fields that offer them, for the filter bar and the forms, asked once one of them opens.
  const hasSelectable = Object.values(resource.fields).some((field) => field.selectable);
  const selectable = useQuery({
    queryKey: [...resourceQueryKey(resource), 'selectable', companySlug, folderSlug],
    queryFn: () => selectableValues(resource, { companySlug: companySlug ?? '', folderSlug: folderSlug ?? '' }),
    enabled: scopeReady && hasSelectable && (tableQuery.filtersOpen || dialog !== null),
    staleTime: 60_000,
  });

  const exporting = useMutation({
    mutationFn: () => downloadExport(resource, exportQuery(resource, view, intl.locale)),
    onSuccess: (name) => snackbar.success(intl.formatMessage({ id: 'table.export.done' }, { name })),
    onError: (error) => snackbar.error(errorText(error)),
  });

  const localeText = useMemo(() => ({
    ...gridLocaleText[intl.locale as keyof typeof gridLocaleText],
    // Not every grid translation has the pager's "1–25 of 40".
    paginationDisplayedRows: ({ from, to, count: total }: { from: number; to: number; count: number }) =>
      intl.formatMessage({ id: 'table.pagination' }, { from, to, count: total }),
  }), [intl]);

  if (state === 'none') return <NoScope hasCompany={companySlug !== null} />;
  return (
    <Stack spacing={2} data-testid={`resource-table-${resource.name}`} data-state={state}>
      <TableToolbar
        resource={resource}
        labels={labels}
        query={tableQuery}
        state={state}
        count={count}
        countCapped={Boolean(list.data?.count_capped)}
        countEstimated={Boolean(list.data?.count_estimated)}
        scopeReady={scopeReady}
        readOnlyReason={readOnlyReason}
        canCreate={permissions.create}
        canDelete={permissions.delete}
        exporting={exporting.isPending}
        onExport={() => exporting.mutate()}
        onShowColumns={() => apiRef.current?.showPreferences(GridPreferencePanelsValue.columns)}
        onDeleteAll={() => void deletion.askDeleteAll()}
        onAdd={() => setDialog('add')}
      />

      {tableQuery.filtersOpen && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FilterBar resource={resource} labels={labels} conditions={tableQuery.filters} selectable={selectable.data} onChange={tableQuery.editFilters} />
        </Paper>
      )}

      {(selection.allMatching ? count : selection.ids.length) > 0 && (
        <SelectionBar
          selection={selection}
          count={count}
          rowsOnPage={rows.length}
          canUpdate={permissions.update}
          canDelete={permissions.delete}
          onBulkEdit={() => setDialog('bulkEdit')}
          onDelete={() => deletion.ask(selection.allMatching ? { kind: 'matching', count, precision: countPrecision(list.data) } : { kind: 'selected', ids: selection.ids })}
        />
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
          <CellErrorsContext.Provider value={cellEdits.cellErrors}>
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
              paginationModel={tableQuery.paginationModel}
              onPaginationModelChange={tableQuery.changePagination}
              sortModel={tableQuery.sortModel}
              sortingOrder={['asc', 'desc']}
              onSortModelChange={tableQuery.changeSort}
              columnVisibilityModel={visibility}
              onColumnVisibilityModelChange={changeVisibility}
              checkboxSelection={permissions.delete || permissions.update}
              disableRowSelectionOnClick
              hideFooterSelectedRowCount
              rowSelectionModel={selection.rowSelectionModel}
              onRowSelectionModelChange={selection.changeRowSelection}
              processRowUpdate={cellEdits.processRowUpdate}
              onProcessRowUpdateError={cellEdits.onProcessRowUpdateError}
              onCellEditStop={cellEdits.onCellEditStop}
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

      {dialog === 'add' && (
        <AddRowDialog
          resource={resource}
          scope={{ companySlug: companySlug ?? '', folderSlug: folderSlug ?? '' }}
          labels={labels}
          selectable={selectable.data}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'bulkEdit' && (
        <BulkEditDialog
          resource={resource}
          companySlug={companySlug ?? ''}
          ids={selection.ids}
          labels={labels}
          selectable={selectable.data}
          onClose={() => setDialog(null)}
        />
      )}
      {rowAction && companySlug && <rowAction.action.Dialog row={rowAction.row} companySlug={companySlug} onClose={() => setRowAction(null)} />}
      <DeleteRowsDialog deletion={deletion} table={labels.title} />
    </Stack>
  );
}
