import type { DateRange } from '@shared/list-query';
import type { FilterDef } from '@shared/resource-types';
import { ChevronDownIcon, FilterIcon } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import {
  BoolFilter,
  DateRangeFilter,
  EqFilter,
  RefFilter,
  TextFilter,
} from '@/components/data-grid/filter-inputs';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type Props = {
  filters: readonly FilterDef[];
  values: Record<string, unknown>;
  onChange: (field: string, value: unknown) => void;
};

/** A filter that narrows the list (a date range counts once either end is set). */
const isSet = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  (typeof value !== 'object' || Object.values(value).some((v) => v !== undefined && v !== null && v !== ''));

/**
 * The filter row built from the resource's FilterDefs. On a phone it folds behind a «Filtros»
 * button (with how many are set), so the rows are the first thing on screen; from sm up it is
 * always open.
 */
export function DataGridFilters({ filters, values, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!filters.length) return null;
  const set = filters.filter((f) => isSet(values[f.field])).length;
  return (
    <div className="grid gap-3">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit sm:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <FilterIcon />
        {set ? `Filtros (${set})` : 'Filtros'}
        <ChevronDownIcon className={cn('opacity-60 transition-transform', open && 'rotate-180')} />
      </Button>
      <div
        id={panelId}
        role="search"
        aria-label="Filtros"
        className={cn('gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4', open ? 'grid' : 'hidden')}
      >
        {filters.map((f) => (
          <FilterControl key={f.field} def={f} value={values[f.field]} onChange={onChange} />
        ))}
      </div>
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
