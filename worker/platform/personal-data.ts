// Masked personal data (SECURITY row 19, docs/decisions/0343): the identification numbers and the
// payment account numbers show in full only to the member himself and to staff holding «Ver datos
// completos»; everyone else sees the last four characters. ONE function, readPersonalField, decides
// what a reader sees of such a field, and every read path calls it — grids, details, review queues,
// search, exports, histories, statements. The access record ("who looked", SECURITY row 19) is to
// be written from that same function, so no read path can forget it.
import { P } from '../shared/permissions';
import { mask } from '../shared/schemas/profile';

/** The permission that shows masked fields in full. Search filters on it in SQL (worker/modules/search). */
export const PERSONAL_DATA_PERMISSION = P.datosCompletos;

/** The fields shown masked, by their API name. */
export const MASKED_FIELDS = ['numero_identificacion', 'numero_cuenta', 'direccion_billetera'] as const;
export type MaskedField = (typeof MASKED_FIELDS)[number];

export const isMaskedField = (key: string): key is MaskedField =>
  (MASKED_FIELDS as readonly string[]).includes(key);

/** Who reads: his permissions and his user id (a member reads his own data in full). */
export type PersonalDataReader = {
  readonly permissions: ReadonlySet<string>;
  readonly userId: number | null;
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
  if (seesPersonalData(reader) || (ownerId !== null && reader.userId === ownerId)) return value;
  return mask(value);
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
  var: { user: { id: number }; permissions: ReadonlySet<string> };
}): PersonalDataReader => ({ permissions: c.var.permissions, userId: c.var.user.id });
