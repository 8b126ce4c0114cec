import type { FilterDef } from '@shared/resource-types';
import type { Table } from '@tanstack/react-table';
import { FileSpreadsheetIcon, FilterXIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataGridFilters } from '@/components/data-grid/data-grid-filters';
import { DataGridViewOptions } from '@/components/data-grid/data-grid-view-options';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';

export type ToolbarExport = { label: string; disabled: boolean; busy: boolean; onClick: () => void };

type Props<T> = {
  table: Table<T>;
  filters: readonly FilterDef[];
  values: Record<string, unknown>;
  onFilter: (field: string, value: unknown) => void;
  onClear: () => void;
  /** The 'Columnas' menu (hidden columns are left out of the export too). */
  chooseColumns?: boolean;
  exports: ToolbarExport[];
  /** 'Nuevo': a link when allowed, a disabled button otherwise. */
  create?: { href: string; state?: unknown; allowed: boolean };
};

/** 'Nuevo' and the exports are disabled, not hidden, without their permission (spec §6). */
export function DataGridToolbar<T>(props: Props<T>) {
  const { table, filters, values, onFilter, onClear, chooseColumns, exports, create } = props;
  const filtered = Object.keys(values).length > 0;
  const buttons = filtered || chooseColumns || exports.length > 0 || !!create;
  if (!buttons && !filters.length) return null;
  return (
    <div className="grid gap-4">
      {buttons && (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {filtered && (
            <Button variant="ghost" onClick={onClear}>
              <FilterXIcon />
              Limpiar filtros
            </Button>
          )}
          {chooseColumns && <DataGridViewOptions table={table} />}
          {exports.map((e) => (
            <Button key={e.label} variant="outline" disabled={e.disabled} onClick={e.onClick}>
              {e.busy ? <Spinner /> : <FileSpreadsheetIcon />}
              {e.label}
            </Button>
          ))}
          {create &&
            (create.allowed ? (
              <Button asChild>
                <Link to={create.href} state={create.state}>
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
      )}
      <DataGridFilters filters={filters} values={values} onChange={onFilter} />
    </div>
  );
}
