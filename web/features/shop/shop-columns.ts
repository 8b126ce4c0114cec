// Columns and filters of the shop grids (spec §3 column types: money in COP from cents, status chips).
import type { ColumnDef, FilterDef } from '@shared/resource-types';
import { PURCHASE_STATES, SUBSCRIPTION_STATES } from '@shared/schemas/shop';
import { stateLabel } from '@shared/workflow';

const options = (states: readonly string[]) => states.map((s) => ({ value: s, label: stateLabel(s) }));

export const PURCHASE_COLUMNS: ColumnDef[] = [
  { field: 'id', header: 'N.º compra', type: 'number', sortable: true },
  { field: 'created_at', header: 'Fecha', type: 'datetime', sortable: true, phoneHidden: true },
  { field: 'total_items', header: 'Artículos', type: 'number', sortable: true, phoneHidden: true },
  { field: 'total', header: 'Total', type: 'money', sortable: true },
  { field: 'estado', header: 'Estado', type: 'status', sortable: true },
  { field: 'pagado_at', header: 'Fecha de pago', type: 'datetime', sortable: true, phoneHidden: true },
  { field: 'adjuntos', header: 'Adjuntos', type: 'number', phoneHidden: true },
];

/** The administrators' grid leaves the e-mail and payment date to the detail and the Excel. */
export const ADMIN_PURCHASE_COLUMNS: ColumnDef[] = [
  PURCHASE_COLUMNS[0]!,
  PURCHASE_COLUMNS[1]!,
  { field: 'user_name', header: 'Usuario', sortable: true },
  ...PURCHASE_COLUMNS.filter((c) => ['total_items', 'total', 'estado', 'adjuntos'].includes(c.field)),
];

export const PURCHASE_FILTERS: FilterDef[] = [
  { field: 'estado', label: 'Estado', kind: 'eq', options: options(PURCHASE_STATES) },
  { field: 'created_at', label: 'Fecha', kind: 'daterange' },
];
/** A payment reference as the member paid with it (any case; a mistyped one finds nothing). */
export const REFERENCE_FILTER: FilterDef = { field: 'referencia', label: 'Referencia de pago', kind: 'text' };
export const ADMIN_PURCHASE_FILTERS: FilterDef[] = [
  REFERENCE_FILTER,
  { field: 'user_name', label: 'Usuario', kind: 'text' },
  ...PURCHASE_FILTERS,
  // Month-end: what was paid in a period, whenever it was bought (the dashboard's paid figure).
  { field: 'pagado_at', label: 'Fecha de pago', kind: 'daterange' },
];

export const SUBSCRIPTION_COLUMNS: ColumnDef[] = [
  { field: 'id', header: 'ID', type: 'number', sortable: true, phoneHidden: true },
  { field: 'tipo', header: 'Tipo de suscripción', sortable: true },
  { field: 'compra_id', header: 'N.º compra', type: 'number', sortable: true, phoneHidden: true },
  { field: 'estado', header: 'Estado', type: 'status', sortable: true },
  { field: 'fecha_inicio', header: 'Fecha de inicio', type: 'date', sortable: true, phoneHidden: true },
  { field: 'fecha_fin', header: 'Fecha de fin', type: 'date', sortable: true },
  { field: 'created_at', header: 'Fecha de registro', type: 'datetime', sortable: true, phoneHidden: true },
];
export const ADMIN_SUBSCRIPTION_COLUMNS: ColumnDef[] = [
  SUBSCRIPTION_COLUMNS[0]!,
  { field: 'user_name', header: 'Usuario', sortable: true },
  ...SUBSCRIPTION_COLUMNS.slice(1),
];

export const SUBSCRIPTION_FILTERS: FilterDef[] = [
  { field: 'estado', label: 'Estado', kind: 'eq', options: options(SUBSCRIPTION_STATES) },
  { field: 'fecha_fin', label: 'Fecha de fin', kind: 'daterange' },
];
export const ADMIN_SUBSCRIPTION_FILTERS: FilterDef[] = [
  { field: 'user_name', label: 'Usuario', kind: 'text' },
  ...SUBSCRIPTION_FILTERS,
  { field: 'created_at', label: 'Fecha de registro', kind: 'daterange' },
];
