// How the Actividad list names what a write changed and where its record opens: the field labels
// of the record's own form or history (registry entries, HISTORY_LABELS), then the columns every
// entity shares, then the column name made readable; and the screen that opens the record, for the
// entities that have one by id.
import { RESOURCE_BY_KEY } from '@shared/resources';
import { ROLES_DEF, USERS_DEF } from '@shared/security-resources';
import { HISTORY_LABELS } from '@/components/form/history-labels';

/** Columns that many entities share, by their stored name. */
const COMMON: Record<string, string> = {
  estado: 'Estado',
  comentario: 'Comentario',
  total: 'Total',
  total_items: 'Artículos',
  user_id: 'Usuario',
  nombre: 'Nombre',
  codigo: 'Código',
  descripcion: 'Descripción',
  activo: 'Activo',
  monto: 'Monto',
  motivo: 'Motivo',
  referencia: 'Referencia',
  referencia_pago: 'Referencia de pago',
  pagado_at: 'Fecha de pago',
  created_at: 'Creado',
  clave: 'Ciclo',
  usuarios: 'Usuarios',
  lineas: 'Líneas',
};

/** «cuenta_recaudo_id» → «Cuenta recaudo». */
const readable = (key: string) => {
  const words = key.replace(/_(id|at)$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function fieldLabel(entity: string, key: string): string {
  return (
    HISTORY_LABELS[entity]?.[key] ??
    RESOURCE_BY_KEY.get(entity)?.fields.find((f) => f.name === key)?.label ??
    COMMON[key] ??
    readable(key)
  );
}

/** The fields a write changed, by label (the version and update time every write moves are left out). */
export const changedLabels = (entity: string, delta: unknown) =>
  Object.keys((delta ?? {}) as Record<string, unknown>)
    .filter((k) => !['updated_at', 'version'].includes(k))
    .map((k) => fieldLabel(entity, k))
    .join(', ');

/** The screen that opens a record of `entity` by its id, or null when none does. */
export function recordPath(entity: string, id: number | null): string | null {
  if (id == null) return null;
  const def = RESOURCE_BY_KEY.get(entity);
  if (def) return `${def.route}/edit/${id}`;
  if (entity === 'users') return `${USERS_DEF.route}/edit/${id}`;
  if (entity === 'roles') return `${ROLES_DEF.route}/edit/${id}`;
  if (entity === 'compra') return `/app/administracion/compras/view/${id}`;
  return null;
}
