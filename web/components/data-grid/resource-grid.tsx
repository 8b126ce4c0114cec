// A registry entry's list (docs/product-spec.md §2): the one ServerGrid configured from the entry's
// declaration: its columns, filters and sort, the row actions (view, edit, delete, the active
// switch), the column chooser, 'Exportar' of the visible columns and 'Nuevo', each disabled, not
// hidden, without its permission (spec §6). Rows are the registry's row type.
import { type ConfigSection, configPermission } from '@shared/permissions';
import { RESOURCES } from '@shared/resources';
import type { GridBulk } from '@/components/data-grid/bulk-actions';
import type { ResourceDef } from '@shared/resource-types';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { DataGridRowActions, type RowActionsConfig } from '@/components/data-grid/data-grid-row-actions';
import { DataGridRowView } from '@/components/data-grid/data-grid-row-view';
import { type GridExport, ServerGrid } from '@/components/data-grid/server-grid';
import { type ListFn, listPage, type ResourceRow } from '@/components/data-grid/use-grid-query';
import { useRowMutations } from '@/components/data-grid/use-row-mutations';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import type { ListReturnState } from '@/lib/list-path';
import { useSession } from '@/lib/session';

export type ResourceGridProps = {
  def: ResourceDef<string, ConfigSection>;
  /** The list route: 'Nuevo' opens `${basePath}/new`, 'Editar' `${basePath}/edit/{id}`. */
  basePath: string;
  /** Users are deactivated, never deleted. */
  canDeleteRows?: boolean;
};

/** The registry's lists may also be sorted by these (a bookmark of the default order). */
const SORT_KEYS = ['id', 'created_at'];

export function ResourceGrid({ def, basePath, canDeleteRows = true }: ResourceGridProps) {
  const { can } = useSession();
  const allowed = (action: 'view' | 'new' | 'edit' | 'delete' | 'export') =>
    can(configPermission(def.section, action));
  const mutations = useRowMutations(def.endpoint);
  const [viewing, setViewing] = useState<ResourceRow | null>(null);
  const { search } = useLocation();
  const linkState: ListReturnState = useMemo(() => ({ listSearch: search }), [search]);

  const canView = allowed('view');
  const canEdit = allowed('edit');
  const canDelete = allowed('delete');
  const canExport = allowed('export');
  const hasActive = def.fields.some((f) => f.name === 'activo' && f.kind === 'bool');
  const config: RowActionsConfig = useMemo(
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
  const actions = useCallback(
    (row: ResourceRow) => <DataGridRowActions row={row} config={config} />,
    [config],
  );
  const list = useCallback<ListFn<ResourceRow>>(
    (query, signal) => listPage(def.endpoint, query, signal),
    [def.endpoint],
  );
  const exports: GridExport[] = useMemo(
    () => [
      {
        label: 'Exportar',
        path: `${def.endpoint}/excel`,
        fileName: `${def.key}.xlsx`,
        allowed: canExport,
        columns: def.exportColumns ?? def.columns,
      },
    ],
    [def, canExport],
  );

  // Registry tables have bulk actions (users and roles, which reuse this grid, do not).
  const bulk: GridBulk | undefined = useMemo(
    () =>
      RESOURCES.some((r) => r.endpoint === def.endpoint)
        ? {
            actions: [
              ...(hasActive
                ? [
                    { accion: 'activar', label: 'Activar', allowed: canEdit, skipped: 'ya estaban activos' },
                    {
                      accion: 'desactivar',
                      label: 'Desactivar',
                      allowed: canEdit,
                      skipped: 'ya estaban inactivos',
                    },
                  ]
                : []),
              ...(canDeleteRows
                ? [
                    {
                      accion: 'eliminar',
                      label: 'Eliminar',
                      allowed: canDelete,
                      destructive: true,
                      done: ['registro eliminado', 'registros eliminados'] as const,
                      skipped: 'en uso por otros registros: puede desactivarlos en su lugar',
                      warning:
                        'Los registros eliminados no se pueden recuperar; los que estén en uso se omiten.',
                    },
                  ]
                : []),
            ],
          }
        : undefined,
    [def.endpoint, hasActive, canEdit, canDelete, canDeleteRows],
  );

  return (
    <>
      <ServerGrid
        label={def.label}
        endpoint={def.endpoint}
        list={list}
        columns={def.columns}
        filters={def.filters}
        defaultSort={def.defaultSort}
        sortKeys={SORT_KEYS}
        actions={actions}
        exports={exports}
        chooseColumns
        bulk={bulk}
        create={{ href: `${basePath}/new`, state: linkState, allowed: allowed('new') }}
      />
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
    </>
  );
}
