// The status chip of product-spec §4: activo, aprobado, publicado, pagado green; inactivo,
// no-pagado, no-aprobado, no-publicado red; pendiente in the warning colour; none: 'SIN ESTADO'.
import { Badge } from '@/components/ui/badge';

const GREEN = new Set(['ACTIVO', 'APROBADO', 'PUBLICADO', 'PAGADO']);
const RED = new Set(['INACTIVO', 'NO_PAGADO', 'NO_APROBADO', 'NO_PUBLICADO']);
const WARNING = new Set(['PENDIENTE']);

export const NO_STATUS = 'SIN ESTADO';

const normalise = (status: string) => status.trim().toUpperCase().replace(/[\s-]+/g, '_');

export function statusVariant(status: string | null | undefined): 'success' | 'destructive' | 'warning' | 'secondary' {
  if (!status) return 'secondary';
  const key = normalise(status);
  if (GREEN.has(key)) return 'success';
  if (RED.has(key)) return 'destructive';
  if (WARNING.has(key)) return 'warning';
  return 'secondary';
}

/** `label` overrides the text shown (e.g. 'Activo' for the active column). */
export function StatusChip({ status, label }: { status: string | null | undefined; label?: string }) {
  const text = label ?? (status ? status.replace(/_/g, ' ') : NO_STATUS);
  return <Badge variant={statusVariant(status)}>{text}</Badge>;
}

/** The active column: a green 'Activo' or a red 'Inactivo' chip. */
export function ActiveChip({ active }: { active: unknown }) {
  const on = active === true || active === 1 || active === 'true';
  return <StatusChip status={on ? 'ACTIVO' : 'INACTIVO'} label={on ? 'Activo' : 'Inactivo'} />;
}
