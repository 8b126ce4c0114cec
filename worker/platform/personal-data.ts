// Masked personal data (SECURITY row 19, docs/decisions/0343): the identification numbers and the
// payment account numbers show in full only to the member himself and to staff holding «Ver datos
// completos»; everyone else sees the last four characters. ONE function, readPersonalField, decides
// what a reader sees of such a field, and every read path calls it — grids, details, review queues,
// search, exports, histories, statements. The access record ("who looked", decision 0402) is written
// from that same function, so no read path can forget it: a value shown in full to someone other
// than its owner is noted on the reader and stored when the request ends (platform/access-log.ts).
import { P } from '../shared/permissions';
import { mask } from '../shared/schemas/profile';
import { SENSITIVE_LABELS, SENSITIVE_PURPOSES, type SensitivePurpose } from '../shared/privacy';

/** The permission that shows masked fields in full. Search filters on it in SQL (worker/modules/search). */
export const PERSONAL_DATA_PERMISSION = P.datosCompletos;

/** The fields shown masked, by their API name. */
export const MASKED_FIELDS = [
  'numero_identificacion',
  'celular',
  'numero_cuenta',
  'direccion_billetera',
] as const;
export type MaskedField = (typeof MASKED_FIELDS)[number];

export const isMaskedField = (key: string): key is MaskedField =>
  (MASKED_FIELDS as readonly string[]).includes(key);

/** The Spanish names of the data the access record names (decision 0402). */
export const DATA_LABELS: Record<string, string> = {
  numero_identificacion: 'Número de identificación',
  celular: 'Celular',
  numero_cuenta: 'Número de cuenta',
  direccion_billetera: 'Dirección de la billetera',
};

/** One reading to record: whose data, which. */
export type AccessNote = { ownerId: number; dato: string };

/** Who reads: his permissions and his user id (a member reads his own data in full). */
export type PersonalDataReader = {
  readonly permissions: ReadonlySet<string>;
  readonly userId: number | null;
  /** Where readings of other people's data in full are noted (the request's access record). */
  readonly note?: (n: AccessNote) => void;
};

/** Whether the reader sees masked fields of other people in full. */
export const seesPersonalData = (reader: PersonalDataReader) =>
  reader.permissions.has(PERSONAL_DATA_PERMISSION);

/**
 * THE choke point: what `reader` sees of the field `_field` of the member `ownerId` (null when the
 * owner is not known, e.g. a history row): the value in full for the owner himself and for holders
 * of PERSONAL_DATA_PERMISSION, its last four characters otherwise. Every field masks alike today;
 * the field and the owner are here for the access record.
 */
export function readPersonalField(
  reader: PersonalDataReader,
  _field: MaskedField,
  value: string | null | undefined,
  ownerId: number | null,
): string | null {
  if (value == null || value === '') return value ?? null;
  if (ownerId !== null && reader.userId === ownerId) return value;
  if (!seesPersonalData(reader)) return mask(value);
  if (ownerId !== null) reader.note?.({ ownerId, dato: DATA_LABELS[_field] ?? _field });
  return value;
}

/** A row's masked fields read through readPersonalField (the others unchanged). */
export function readPersonalRow<T extends object>(
  reader: PersonalDataReader,
  row: T,
  ownerId: number | null,
): T {
  const out = { ...row } as Record<string, unknown>;
  for (const field of MASKED_FIELDS)
    if (field in out) {
      const v = out[field];
      out[field] = readPersonalField(reader, field, v == null ? null : String(v), ownerId);
    }
  return out as T;
}

/** The request's reader: the signed-in user and the permissions read with his session. */
export const readerOf = (c: {
  var: { user: { id: number }; permissions: ReadonlySet<string>; accessNotes?: AccessNote[] };
}): PersonalDataReader => ({
  permissions: c.var.permissions,
  userId: c.var.user.id,
  note: (n) => c.var.accessNotes?.push(n),
});

/** Notes a reading of a member's sensitive data (not a masked field: documents, profile data). */
export function noteAccess(
  c: { var: { user: { id: number }; accessNotes?: AccessNote[] } },
  ownerId: number,
  dato: string,
) {
  if (ownerId !== c.var.user.id) c.var.accessNotes?.push({ ownerId, dato });
}

/**
 * The sensitive parts of a profile (`perfil`, `fisica`, `servicios` sections, as profileOf answers)
 * as `reader` may see them (decision 0402): in full for the owner; for other staff in full only
 * with PERSONAL_DATA_PERMISSION, and each non-empty part then noted in the access record; else
 * emptied (null, or an empty list).
 */
export function readSensitiveSection<T extends Record<string, unknown>>(
  reader: PersonalDataReader,
  section: T,
  ownerId: number,
): T {
  if (reader.userId === ownerId) return section;
  const out: Record<string, unknown> = { ...section };
  const sees = seesPersonalData(reader);
  for (const [purpose, scope] of Object.entries(SENSITIVE_PURPOSES) as [
    SensitivePurpose,
    Record<string, readonly string[]>,
  ][]) {
    let read = false;
    for (const field of Object.values(scope).flat())
      if (field in out) {
        const v = out[field];
        const filled = v != null && !(Array.isArray(v) && v.length === 0);
        if (!filled) continue;
        if (sees) read = true;
        else out[field] = Array.isArray(v) ? [] : null;
      }
    if (read) reader.note?.({ ownerId, dato: SENSITIVE_LABELS[purpose] });
  }
  return out as T;
}

/** A whole profile (profileOf's answer) through readSensitiveSection. */
export function readSensitiveProfile<
  T extends {
    perfil: Record<string, unknown>;
    fisica: Record<string, unknown>;
    servicios: Record<string, unknown>;
  },
>(reader: PersonalDataReader, profile: T, ownerId: number): T {
  return {
    ...profile,
    perfil: readSensitiveSection(reader, profile.perfil, ownerId),
    fisica: readSensitiveSection(reader, profile.fisica, ownerId),
    servicios: readSensitiveSection(reader, profile.servicios, ownerId),
  };
}
