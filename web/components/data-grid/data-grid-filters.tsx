import type { DateRange } from '@shared/list-query';
import type { FilterDef } from '@shared/resource-types';
import { useCallback } from 'react';
import {
  BoolFilter,
  DateRangeFilter,
  EqFilter,
  RefFilter,
  TextFilter,
} from '@/components/data-grid/filter-inputs';

type Props = {
  filters: readonly FilterDef[];
  values: Record<string, unknown>;
  onChange: (field: string, value: unknown) => void;
};

/** The filter row built from the resource's FilterDefs. */
export function DataGridFilters({ filters, values, onChange }: Props) {
  if (!filters.length) return null;
  return (
    <div role="search" aria-label="Filtros" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {filters.map((f) => (
        <FilterControl key={f.field} def={f} value={values[f.field]} onChange={onChange} />
      ))}
    </div>
  );
}

function FilterControl({
  def,
  value,
  onChange,
}: {
  def: FilterDef;
  value: unknown;
  onChange: Props['onChange'];
}) {
  const change = useCallback((v: unknown) => onChange(def.field, v), [onChange, def.field]);
  switch (def.kind) {
    case 'text':
      return <TextFilter def={def} value={value as string | undefined} onChange={change} />;
    case 'eq':
      return <EqFilter def={def} value={value as string | undefined} onChange={change} />;
    case 'bool':
      return <BoolFilter def={def} value={value as boolean | undefined} onChange={change} />;
    case 'ref':
      return <RefFilter def={def} value={value as number | undefined} onChange={change} />;
    case 'daterange':
      return <DateRangeFilter def={def} value={value as DateRange | undefined} onChange={change} />;
  }
}
