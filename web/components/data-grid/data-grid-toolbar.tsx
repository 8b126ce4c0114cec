import type { FilterDef } from '@shared/resource-types';
import type { Table } from '@tanstack/react-table';
import { FileSpreadsheetIcon, FilterXIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataGridFilters } from '@/components/data-grid/data-grid-filters';
import { DataGridViewOptions } from '@/components/data-grid/data-grid-view-options';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';

type Props<T> = {
  table: Table<T>;
  filters: FilterDef[];
  values: Record<string, unknown>;
  onFilter: (field: string, value: unknown) => void;
  onClear: () => void;
  newHref?: string;
  linkState?: unknown;
  canCreate: boolean;
  canExport: boolean;
  exporting: boolean;
  onExport: () => void;
};

/** 'Nuevo' and 'Exportar' are disabled, not hidden, without their permission (spec §6). */
export function DataGridToolbar<T>(props: Props<T>) {
  const {
    table,
    filters,
    values,
    onFilter,
    onClear,
    newHref,
    linkState,
    canCreate,
    canExport,
    exporting,
    onExport,
  } = props;
  const filtered = Object.keys(values).length > 0;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {filtered && (
          <Button variant="ghost" onClick={onClear}>
            <FilterXIcon />
            Limpiar filtros
          </Button>
        )}
        <DataGridViewOptions table={table} />
        <Button variant="outline" disabled={!canExport || exporting} onClick={onExport}>
          {exporting ? <Spinner /> : <FileSpreadsheetIcon />}
          Exportar
        </Button>
        {newHref !== undefined &&
          (canCreate ? (
            <Button asChild>
              <Link to={newHref} state={linkState}>
                <PlusIcon />
                Nuevo
              </Link>
            </Button>
          ) : (
            <Button disabled>
              <PlusIcon />
              Nuevo
            </Button>
          ))}
      </div>
      <DataGridFilters filters={filters} values={values} onChange={onFilter} />
    </div>
  );
}
