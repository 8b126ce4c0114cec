// Columns and filters the help-centre lists share.
import type { FilterDef } from '@shared/resource-types';
import { HELP_STATES, moduleLabel } from '@shared/schemas/help';
import { stateLabel } from '@shared/workflow';
import type { Row } from '@/components/data-grid/use-grid-data';
import type { HelpColumn } from '@/features/help/help-grid';

export const STATE_FILTER: FilterDef = { field: 'estado', label: 'Estado', kind: 'eq', options: HELP_STATES.map((s) => ({ value: s, label: stateLabel(s) })) };
export const DATE_FILTER: FilterDef = { field: 'created_at', label: 'Fecha de envío', kind: 'daterange' };
export const USER_FILTER: FilterDef = { field: 'user_name', label: 'Usuario', kind: 'text' };

export const col = {
  id: { field: 'id', header: 'ID', type: 'number', sortable: true } as HelpColumn,
  fecha: { field: 'created_at', header: 'Enviada', type: 'datetime', sortable: true } as HelpColumn,
  estado: { field: 'estado', header: 'Estado', type: 'status', sortable: true } as HelpColumn,
  usuario: { field: 'user_name', header: 'Usuario', sortable: true } as HelpColumn,
  comentario: { field: 'comentario', header: 'Comentario', render: (r: Row) => <LongText text={r.comentario} /> } as HelpColumn,
  modulo: { field: 'modulo', header: 'Módulo', render: (r: Row) => (r.modulo ? moduleLabel(String(r.modulo)) : '') } as HelpColumn,
};

/** A long text cell that wraps instead of stretching the table. */
export function LongText({ text, className }: { text: unknown; className?: string }) {
  if (text === null || text === undefined || text === '') return null;
  return <p className={`max-w-sm min-w-48 whitespace-pre-wrap break-words ${className ?? ''}`}>{String(text)}</p>;
}
