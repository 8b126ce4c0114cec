// How the Actividad list names what a write changed and where its record opens: the field labels
// of the record's own form or history (registry entries, HISTORY_LABELS), then the columns every
// entity shares, then the column name made readable; and the screen that opens the record, for the
// entities that have one by id.
import { RESOURCE_BY_KEY } from '@shared/resources';
import { ROLES_DEF, USERS_DEF } from '@shared/security-resources';
import { HISTORY_LABELS } from '@/components/form/history-labels';
import type { ActivityRow } from '@/lib/activity-api';

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
  minimo_pago: 'Pago mínimo',
  aprobacion_cierre: 'Aprobación del cierre',
  rechazo_motivo: 'Motivo del rechazo',
  rechazado_at: 'Fecha del rechazo',
  recordatorio_at: 'Recordatorio de pago',
  cuenta_recaudo_id: 'Cuenta de recaudo',
  imagenes: 'Imágenes',
  roles: 'Roles',
  permisos: 'Permisos',
  dos_pasos: 'Verificación en dos pasos',
};

/**
 * Bookkeeping every write moves or a creation fills in by itself (ids, times, versions, sort
 * keys, the checkout's key): never what a person changed.
 */
const BOOKKEEPING = new Set(['id', 'created_at', 'updated_at', 'updated_by', 'version', 'checkout_key']);
const isBookkeeping = (key: string) => BOOKKEEPING.has(key) || key.endsWith('_orden');
const isEmpty = (value: unknown) =>
  value == null || value === '' || (Array.isArray(value) && value.length === 0);

/** «cuenta_recaudo_id» → «Cuenta recaudo». */
const readable = (key: string) => {
  const words = key.replace(/_(id|at)$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The security screens' forms, by the entity their writes are logged under. */
const SECURITY_FORMS: Record<string, typeof USERS_DEF | typeof ROLES_DEF> = {
  users: USERS_DEF,
  roles: ROLES_DEF,
};

export function fieldLabel(entity: string, key: string): string {
  return (
    HISTORY_LABELS[entity]?.[key] ??
    RESOURCE_BY_KEY.get(entity)?.fields.find((f) => f.name === key)?.label ??
    SECURITY_FORMS[entity]?.fields.find((f) => f.name === key)?.label ??
    COMMON[key] ??
    readable(key)
  );
}

/**
 * The fields a write changed, by label, without bookkeeping; a creation names only the fields it
 * filled in (its delta is the whole record, empty fields included).
 */
export const changedLabels = (entity: string, delta: ActivityRow['delta'], action?: string) =>
  Object.entries(delta ?? {})
    .filter(([k, value]) => !isBookkeeping(k) && !(action === 'crear' && isEmpty(value)))
    .map(([k]) => fieldLabel(entity, k))
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
