// Masked personal data (SECURITY row 19, docs/decisions/0343): the identification numbers, the
// phones and the payment account numbers show in full only to the member himself and to staff
// holding «Ver datos completos»; everyone else sees the last four characters. ONE function,
// readPersonalField, decides what a reader sees of such a field, and every read path calls it —
// grids, details, review queues, search, exports, histories, statements. The same function writes
// the access record ("who looked", decision 0405): staff shown a member's datum in full leave a row
// of data_access_log, so no read path can forget it. The sensitive profile fields and the identity
// documents go through readSensitiveProfile and recordAccess, here too.
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import { dataAccessLog } from '../db/schema';
import { P } from '../shared/permissions';
import { purposeOfField } from '../shared/privacy';
import { accessAreaOf, type AccessDatum } from '../shared/privacy-access';
import { mask } from '../shared/schemas/profile';
import { afterResponse } from './background';
import { actorOf } from './audit';
import { routeOf } from './ops/request-log';
import type { AppEnv } from './ports';

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

/** Who reads: his permissions and his user id (a member reads his own data in full). */
export type PersonalDataReader = {
  readonly permissions: ReadonlySet<string>;
  readonly userId: number | null;
  /** Where an access to another member's datum is recorded (readerOf's request buffer). */
  readonly seen?: (ownerId: number, dato: AccessDatum) => void;
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
  field: MaskedField,
  value: string | null | undefined,
  ownerId: number | null,
): string | null {
  if (value == null || value === '') return value ?? null;
  if (ownerId !== null && reader.userId === ownerId) return value;
  if (!seesPersonalData(reader)) return mask(value);
  if (ownerId !== null) reader.seen?.(ownerId, field);
  return value;
}

/** The sensitive parts of a profile (decision 0403), by section: `perfil`, `fisica`, `servicios`. */
type ProfileSections = { perfil?: object; fisica?: object; servicios?: object };
const held = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v != null && v !== '');

/**
 * A member's profile sections as `reader` may see them: each field through readPersonalValue, so
 * the fields of a sensitive purpose are shown to the member and to holders of «Ver datos
 * completos» (each purpose shown to staff leaves one access record) and emptied for other staff.
 */
export function readSensitiveProfile<T extends ProfileSections>(
  reader: PersonalDataReader,
  sections: T,
  ownerId: number,
): T {
  const out: Record<string, unknown> = { ...sections };
  for (const section of ['perfil', 'fisica', 'servicios'] as const) {
    const part = sections[section] as Record<string, unknown> | undefined;
    if (part)
      out[section] = Object.fromEntries(
        Object.entries(part).map(([k, v]) => [k, readPersonalValue(reader, k, v, ownerId, true)]),
      );
  }
  return out as T;
}

/**
 * One stored value of a member's record as `reader` may see it, for the paths that show stored
 * values field by field (Actividad's changes and their «Antes»): a masked field through
 * readPersonalField; with `profile`, a field of a sensitive purpose shown to the owner and to
 * holders of «Ver datos completos» (recorded), emptied for everyone else.
 */
export function readPersonalValue(
  reader: PersonalDataReader,
  key: string,
  value: unknown,
  ownerId: number | null,
  profile: boolean,
): unknown {
  if (isMaskedField(key))
    return readPersonalField(reader, key, value == null ? null : String(value), ownerId);
  const purpose = profile ? purposeOfField(key) : undefined;
  if (!purpose || !held(value) || (ownerId !== null && reader.userId === ownerId)) return value;
  if (!seesPersonalData(reader)) return Array.isArray(value) ? [] : null;
  if (ownerId !== null) reader.seen?.(ownerId, purpose as AccessDatum);
  return value;
}

/** Records that the request's reader was shown `dato` of `ownerId` (identity documents). */
export function recordAccess(c: Context<AppEnv>, ownerId: number, dato: AccessDatum) {
  if (ownerId !== c.var.user.id) bufferOf(c, c.var.user.id).add(ownerId, dato);
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

/** The request's reader: the signed-in user, his permissions and the request's access record. */
export const readerOf = (c: Context<AppEnv>): PersonalDataReader =>
  readerFor(c, c.var.user.id, c.var.permissions);

/** The reader of a request whose session is read in its own batch (global search). */
export function readerFor(
  c: Context<AppEnv>,
  userId: number,
  permissions: ReadonlySet<string>,
): PersonalDataReader {
  const buffer = bufferOf(c, userId);
  return { permissions, userId, seen: (ownerId, dato) => buffer.add(ownerId, dato) };
}

/**
 * The accesses of one request, written after the answer (decision 0405: a read keeps its round
 * trips) in statements of at most ROWS_PER_INSERT rows, each (member, datum) once. A streamed
 * export reads its rows after the handler returned: what it records then is written in the same
 * way, one write per page.
 */
const ROWS_PER_INSERT = 200;
const buffers = new WeakMap<object, AccessBuffer>();

class AccessBuffer {
  private entries = new Map<string, { ownerId: number; dato: AccessDatum }>();
  private scheduled = false;
  constructor(
    private readonly c: Context<AppEnv>,
    private readonly actorId: number,
  ) {}

  add(ownerId: number, dato: AccessDatum) {
    this.entries.set(`${ownerId}:${dato}`, { ownerId, dato });
    if (this.scheduled) return;
    this.scheduled = true;
    // The rows of one page, one grid or one document are read in the same turn: one write.
    afterResponse(this.c, async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      this.scheduled = false;
      await this.write();
    });
  }

  private async write() {
    const rows = [...this.entries.values()];
    this.entries.clear();
    if (!rows.length) return;
    const { db } = this.c.var;
    const { at, ip, userAgent } = actorOf(this.c);
    const actorId = this.actorId;
    const route = routeOf(this.c) ?? this.c.req.path;
    const area = accessAreaOf(this.c.req.path);
    // His roles as they are now, read in the same statement.
    const rol = sql<string>`coalesce((select group_concat(r.nombre, ', ') from user_roles ur
      join roles r on r.id = ur.role_id where ur.user_id = ${actorId}), '')`;
    const statements = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
      statements.push(
        db.insert(dataAccessLog).values(
          rows.slice(i, i + ROWS_PER_INSERT).map((r) => ({
            ownerId: r.ownerId,
            actorId,
            rol,
            area,
            dato: r.dato,
            ruta: route,
            ip,
            userAgent,
            createdAt: at,
          })),
        ),
      );
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  }
}

function bufferOf(c: Context<AppEnv>, actorId: number): AccessBuffer {
  let b = buffers.get(c);
  if (!b) buffers.set(c, (b = new AccessBuffer(c, actorId)));
  return b;
}
