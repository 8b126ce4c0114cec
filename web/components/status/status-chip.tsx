// The status chip of docs/product-spec.md §4, coloured by the shared workflow rule (chipTone): activo,
// aprobado, publicado, pagado green; inactivo, no-pagado, no-aprobado, no-publicado (and a
// subscription VENCIDA) red; pendiente in the warning colour; none: 'SIN ESTADO'.
import { ToneChip } from './tone-chip';

/** `label` overrides the text shown (e.g. 'Activo' for the active column). */
export function StatusChip({ status, label }: { status: string | null | undefined; label?: string }) {
  return <ToneChip status={status} label={label} />;
}

/** The active column: a green 'Activo' or a red 'Inactivo' chip. */
export function ActiveChip({ active }: { active: unknown }) {
  const on = active === true || active === 1 || active === 'true';
  return <StatusChip status={on ? 'ACTIVO' : 'INACTIVO'} label={on ? 'Activo' : 'Inactivo'} />;
}
