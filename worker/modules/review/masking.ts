import { P } from '../../shared/permissions';
import { mask } from '../../shared/schemas/profile';

/** Identification numbers show in full only to holders of the full-data permission (issue 4 §7). */
export function maskPersonal<T extends { numero_identificacion: string | null }>(
  row: T,
  held: ReadonlySet<string>,
): T {
  return held.has(P.datosCompletos)
    ? row
    : { ...row, numero_identificacion: mask(row.numero_identificacion) };
}
