// The generic data grid (product-spec §2): TanStack Table in manual mode, with paging, sorting
// and filtering done by the server and the grid state kept in the URL.
import { type ConfigSection, configPermission } from '@shared/permissions';
import { toSearchParams } from '@shared/list-query';
import type { ResourceDef } from '@shared/resource-types';
import type { VisibilityState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import type { RowActionsConfig } from '@/components/data-grid/data-grid-row-actions';
import { DataGridRowView } from '@/components/data-grid/data-grid-row-view';
import { DataGridTable } from '@/components/data-grid/data-grid-table';
import { DataGridToolbar } from '@/components/data-grid/data-grid-toolbar';
import { gridColumns } from '@/components/data-grid/grid-columns';
import { type Row, useGridQuery } from '@/components/data-grid/use-grid-query';
import { useGridState } from '@/components/data-grid/use-grid-state';
import { useRowMutations } from '@/components/data-grid/use-row-mutations';
import { useServerTable } from '@/components/data-grid/use-server-table';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import type { ListReturnState } from '@/lib/list-path';
import { useSession } from '@/lib/session';
import { download } from '@/lib/transfer';

export type DataGridProps = {
  def: ResourceDef<string, ConfigSection>;
  /** The list route: 'Nuevo' opens `${basePath}/new`, 'Editar' `${basePath}/edit/{id}`. */
  basePath: string;
  /** Users are deactivated, never deleted. */
  canDeleteRows?: boolean;
};

export function DataGrid({ def, basePath, canDeleteRows = true }: DataGridProps) {
  const { can } = useSession();
  const allowed = (action: 'view' | 'new' | 'edit' | 'delete' | 'export') =>
    can(configPermission(def.section, action));
  const { state, update, setFilter } = useGridState(def);
  const data = useGridQuery(def.endpoint, state);
  const mutations = useRowMutations(def.endpoint, data.reload, data.patchRow);
  const [viewing, setViewing] = useState<Row | null>(null);
  const [exporting, setExporting] = useState(false);
  const { search } = useLocation();
  const linkState: ListReturnState = useMemo(() => ({ listSearch: search }), [search]);

  const canView = allowed('view');
  const canEdit = allowed('edit');
  const canDelete = allowed('delete');
  const hasActive = def.fields.some((f) => f.name === 'activo' && f.kind === 'bool');
  const actions: RowActionsConfig = useMemo(
    () => ({
      basePath,
      linkState,
      can: { view: canView, edit: canEdit, delete: canDelete },
      offers: { delete: canDeleteRows, toggle: hasActive },
      onView: setViewing,
      onDelete: mutations.askDelete,
      onToggle: mutations.toggle,
      busyId: mutations.busyId,
    }),
    [
      basePath,
      linkState,
      canView,
      canEdit,
      canDelete,
      canDeleteRows,
      hasActive,
      mutations.askDelete,
      mutations.toggle,
      mutations.busyId,
    ],
  );
  const columns = useMemo(() => gridColumns(def, actions), [def, actions]);

  const columnVisibility: VisibilityState = Object.fromEntries(state.hidden.map((f) => [f, false]));
  const table = useServerTable({
    rows: data.rows,
    total: data.total,
    columns,
    state,
    defaultSort: def.defaultSort,
    update,
    columnVisibility,
    onColumnVisibilityChange: (next) =>
      update({
        hidden: Object.entries(next)
          .filter(([, on]) => !on)
          .map(([f]) => f),
      }),
  });

  // A page emptied by a delete (or a stale bookmark) falls back to the last page with rows.
  const lastPage = Math.max(1, Math.ceil(data.total / state.perPage));
  useEffect(() => {
    if (data.loaded && !data.loading && !data.error && state.page > lastPage) update({ page: lastPage });
  }, [data.loaded, data.loading, data.error, state.page, lastPage, update]);

  const exportExcel = async () => {
    setExporting(true);
    const visible = (def.exportColumns ?? def.columns)
      .filter((c) => !state.hidden.includes(c.field))
      .map((c) => c.field);
    await download(
      `${def.endpoint}/excel`,
      toSearchParams({ sorts: state.sorts, filters: state.filters, columns: visible }),
      `${def.key}.xlsx`,
    );
    setExporting(false);
  };

  return (
    <div className="grid gap-4">
      <DataGridToolbar
        table={table}
        filters={def.filters}
        values={state.filters}
        onFilter={setFilter}
        onClear={() => update({ page: 1, filters: {} })}
        newHref={`${basePath}/new`}
        linkState={linkState}
        canCreate={allowed('new')}
        canExport={allowed('export')}
        exporting={exporting}
        onExport={exportExcel}
      />
      <DataGridTable
        table={table}
        label={def.label}
        loading={data.loading}
        loaded={data.loaded}
        error={data.error}
        onRetry={data.reload}
      />
      {data.loaded && !data.error && data.total > 0 && (
        <DataGridPagination
          page={state.page}
          perPage={state.perPage}
          total={data.total}
          onPage={(page) => update({ page })}
          onPerPage={(perPage) => update({ perPage, page: 1 })}
        />
      )}
      <DataGridRowView
        title={def.singular}
        columns={def.columns}
        row={viewing}
        onClose={() => setViewing(null)}
      />
      <ConfirmDialog
        open={!!mutations.toDelete}
        onOpenChange={(open) => !open && mutations.cancelDelete()}
        description={def.deleteQuestion}
        confirmLabel="Eliminar"
        destructive
        onConfirm={mutations.confirmDelete}
      />
    </div>
  );
}
