// Columns, cells and filters the help-centre lists share. Cells stack related fields so the
// lists fit a laptop screen without hiding the state behind a horizontal scroll.
import type { FilterDef } from '@shared/resource-types';
import { HELP_STATES, moduleLabel } from '@shared/schemas/help';
import { stateLabel } from '@shared/workflow';
import type { ReactNode } from 'react';
import { StatusChip } from '@/components/status/status-chip';
import type { GridColumn } from '@/components/data-grid/server-grid';

/** What every help-centre row has (questions, suggestions, demonstrations). */
type HelpRow = { id: number; estado: string; comentario: string | null };

export const STATE_FILTER: FilterDef = {
  field: 'estado',
  label: 'Estado',
  kind: 'eq',
  options: HELP_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
};
export const DATE_FILTER: FilterDef = { field: 'created_at', label: 'Fecha de envío', kind: 'daterange' };
export const USER_FILTER: FilterDef = { field: 'user_name', label: 'Usuario', kind: 'text' };

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** 'Módulo · otra cosa', skipping the empty parts. */
export const meta = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' · ');

/** A main text with an optional body and a muted line under it. */
export function StackCell({ title, text, note }: { title?: ReactNode; text?: ReactNode; note?: ReactNode }) {
  return (
    <div className="grid max-w-md min-w-52 gap-0.5 whitespace-normal">
      {title && <p className="font-medium break-words">{title}</p>}
      {text && <p className="whitespace-pre-wrap break-words">{text}</p>}
      {note && <p className="text-xs break-words text-muted-foreground">{note}</p>}
    </div>
  );
}

/** The state chip with the administrator's comentario under it. */
function StateCell({ row }: { row: HelpRow }) {
  return (
    <div className="grid max-w-56 min-w-28 justify-items-start gap-1 whitespace-normal">
      <StatusChip status={str(row.estado) || null} />
      {!!row.comentario && <p className="text-xs break-words text-muted-foreground">{str(row.comentario)}</p>}
    </div>
  );
}

export const col = {
  id: { field: 'id', header: 'ID', type: 'number', sortable: true },
  fecha: { field: 'created_at', header: 'Enviada', type: 'date', sortable: true },
  estado: {
    field: 'estado',
    header: 'Estado',
    sortable: true,
    render: (r) => <StateCell row={r} />,
  },
  usuario: { field: 'user_name', header: 'Usuario', sortable: true },
} satisfies Record<string, GridColumn<HelpRow>>;

export const moduleOf = (r: { modulo: string | null }) => (r.modulo ? moduleLabel(r.modulo) : '');
export { str };
