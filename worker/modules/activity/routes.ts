// Activity and revisions (decision 0110): the Actividad grid and every edit screen's history read
// `GET /actividad`; `POST /revisiones/:id/restaurar` copies chosen fields back as a new revision.
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { activity, revisions, users } from '../../db/schema';
import { auditedExport, actorOf } from '../../platform/audit';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import { paginate } from '../../platform/paginate';
import { readerOf, readPersonalValue, type PersonalDataReader } from '../../platform/personal-data';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import { listExport } from '../../platform/xlsx-stream';
import { bogotaDateTime } from '../../shared/bogota';
import { entityLabel } from '../../shared/entity-labels';
import { MSG } from '../../shared/messages';
import { configPermission, P } from '../../shared/permissions';
import { RESOURCES } from '../../shared/resources';
import { editVersion, id } from '../../shared/schemas/fields';
import { restorableFields, restoreRow } from '../resources';
import { restorePhoto, ROLE_RESTORABLE, restoreRole, restoreUser, USER_RESTORABLE } from '../security';
import {
  BENEFICIARY_RESTORABLE,
  IDENTITY_RESTORABLE,
  PAYMENT_RESTORABLE,
  PERFIL_RESTORABLE,
  PERSONAL_RESTORABLE,
  restoreBeneficiary,
  restoreIdentity,
  restorePaymentInfo,
  restorePersonalInfo,
  restoreProfile,
} from '../profile';
import { ACTIVITY_ACTIONS } from '../../shared/activity-actions';

const usuario = sql<
  string | null
>`coalesce(nullif(trim(coalesce(${users.nombres}, '') || ' ' || coalesce(${users.apellidos}, '')), ''), ${users.email})`;

const spec: ListSpec = {
  sorts: { id: activity.id, at: activity.at },
  filters: {
    entidad: { kind: 'eq', column: activity.entity },
    registro: { kind: 'int', column: activity.entityId },
    usuario_id: { kind: 'int', column: activity.userId },
    usuario: {
      kind: 'text',
      column: sql`(select coalesce(${users.nombres}, '') || ' ' || coalesce(${users.apellidos}, '') || ' ' || ${users.email} from ${users} where ${users.id} = ${activity.userId})`,
    },
    accion: { kind: 'eq', column: activity.action },
    at: { kind: 'daterange', column: activity.at },
  },
  defaultSort: { key: 'id', dir: 'desc' },
};

const columns = {
  id: activity.id,
  at: activity.at,
  action: activity.action,
  entity: activity.entity,
  entity_id: activity.entityId,
  user_id: activity.userId,
  usuario,
  ip: activity.ip,
  user_agent: activity.userAgent,
  revision_id: revisions.id,
  parent_id: revisions.parentId,
  delta: revisions.delta,
};

/** The grid's query: its own filters JSON, plus `entidad` and `registro` as plain parameters (the history panel). */
function queryOf(q: Record<string, string | undefined>) {
  const { entidad, registro, ...rest } = q;
  if (entidad === undefined && registro === undefined) return parseListQuery(rest, spec);
  let filters: Record<string, unknown> = {};
  try {
    filters = rest.filters ? (JSON.parse(rest.filters) as Record<string, unknown>) : {};
  } catch {
    throw invalid({ filters: [MSG.invalid] });
  }
  if (!filters || typeof filters !== 'object' || Array.isArray(filters))
    throw invalid({ filters: [MSG.invalid] });
  if (entidad !== undefined) filters.entidad = entidad;
  if (registro !== undefined) {
    if (!/^[0-9]{1,15}$/.test(registro)) throw invalid({ registro: [MSG.invalid] });
    filters.registro = Number(registro);
  }
  return parseListQuery({ ...rest, filters: JSON.stringify(filters) }, spec);
}

/**
 * Values as the caller may see them, through the one reader (worker/platform/personal-data.ts):
 * masked personal fields, and a profile's sensitive fields (decision 0405); `ownerId` is the
 * member the record belongs to, when known.
 */
function shown(
  values: Record<string, unknown>,
  reader: PersonalDataReader,
  ownerId: number | null,
  entity: string,
): Record<string, unknown> {
  const profile = entity === PROFILE_ENTITY;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, readPersonalValue(reader, k, v, ownerId, profile)]),
  );
}

/** The audited entity of the public profile, whose sensitive fields are read through their purpose. */
const PROFILE_ENTITY = 'perfil';

/** Two stored values alike (lists and objects compared by their JSON). */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The newest revision's snapshot of each record (`entity:id` → values), in one read. */
async function currentSnapshots(db: Db, pairs: [string, number][]) {
  const unique = [...new Map(pairs.map(([e, i]) => [`${e}:${i}`, [e, i] as const])).values()];
  if (!unique.length) return new Map<string, Record<string, unknown>>();
  const rows = await db.all<{ e: string; i: number; s: string | null }>(sql`
    with p(e, i) as (values ${sql.join(
      unique.map(([e, i]) => sql`(${e}, ${i})`),
      sql`, `,
    )})
    select p.e, p.i, (select snapshot from ${revisions} where entity = p.e and entity_id = p.i order by id desc limit 1) s from p`);
  return new Map(
    rows
      .filter((r) => r.s !== null)
      .map((r) => [`${r.e}:${r.i}`, JSON.parse(r.s!) as Record<string, unknown>]),
  );
}

async function listActivity(db: Db, query: ReturnType<typeof parseListQuery>, reader: PersonalDataReader) {
  const held = reader.permissions;
  const where = whereOf(query, spec);
  const { data, total } = await paginate(
    db,
    db
      .select(columns)
      .from(activity)
      .leftJoin(revisions, eq(revisions.activityId, activity.id))
      .leftJoin(users, eq(users.id, activity.userId))
      .where(where)
      .orderBy(...orderOf(query, spec, activity.id), desc(activity.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(activity).where(where),
  );
  // Each changed field's value before the change: from the parent revision's snapshot.
  const parentIds = [...new Set(data.map((r) => r.parent_id).filter((x): x is number => x !== null))];
  const parents = new Map(
    parentIds.length
      ? (
          await db
            .select({ id: revisions.id, snapshot: revisions.snapshot })
            .from(revisions)
            .where(inArray(revisions.id, parentIds))
        ).map((p) => [p.id, JSON.parse(p.snapshot) as Record<string, unknown>])
      : [],
  );
  // Each record's values now (its newest revision): a field already back at a revision's value is
  // not offered again (restoring it would change nothing), and its user_id names whose it is.
  const now = await currentSnapshots(
    db,
    data.filter((r) => r.revision_id !== null).map((r) => [r.entity, r.entity_id]),
  );
  return {
    data: data.map((r) => {
      const raw = r.delta === null ? null : (JSON.parse(r.delta) as Record<string, unknown>);
      const parent = r.parent_id === null ? undefined : parents.get(r.parent_id);
      const snapshot = now.get(`${r.entity}:${r.entity_id}`) ?? parent;
      // The member whose record it is: a user is his own; a member's record names him in user_id.
      const owner =
        r.entity === 'users' ? r.entity_id : typeof snapshot?.user_id === 'number' ? snapshot.user_id : null;
      const delta = raw && shown(raw, reader, owner, r.entity);
      const before =
        raw && parent
          ? shown(
              Object.fromEntries(Object.keys(raw).map((k) => [k, parent[k] ?? null])),
              reader,
              owner,
              r.entity,
            )
          : null;
      // The history panel undoes a change by restoring the revision before it (`parent_id`).
      const restorer = r.revision_id === null || r.action === 'eliminar' ? null : restorerOf(r.entity);
      // What this change can undo: its fields that a restore of the revision before it (their
      // «Antes») would change now. A creation has nothing before it.
      const current = now.get(`${r.entity}:${r.entity_id}`);
      const restaurables =
        restorer && raw && parent && held.has(restorer.permission)
          ? Object.keys(raw).filter(
              (f) => restorer.fields.includes(f) && f in parent && !sameValue(parent[f], current?.[f]),
            )
          : [];
      return {
        ...r,
        entidad_label: entityLabel(r.entity),
        // One catalogue for the rows, the export and the screen's filter.
        accion_label: (ACTIVITY_ACTIONS as Record<string, string>)[r.action] ?? r.action,
        delta,
        before,
        restaurables,
      };
    }),
    total,
  };
}

const restoreSchema = v.object({
  campos: v.pipe(
    v.array(v.pipe(v.string(MSG.invalid), v.maxLength(60, MSG.invalid)), MSG.invalid),
    v.minLength(1, 'Elige al menos un campo para restaurar'),
    v.maxLength(200, MSG.invalid),
  ),
  version: editVersion(),
});

export const NOT_RESTORABLE = 'Este registro no admite restaurar campos.';
export const NOTHING_TO_RESTORE = 'Estos campos ya tienen esos valores: no hay nada que restaurar.';
export const fieldNotRestorable = (f: string) => `No se puede restaurar el campo ${f.slice(0, 60)}`;

/** The users form's fields the personal-data form does not write. */
const ACCOUNT_ONLY: ReadonlySet<string> = new Set(
  USER_RESTORABLE.filter((f) => f !== 'nombres' && f !== 'apellidos'),
);
export const PHOTO_ALONE = 'Restaura la foto por separado de los demás campos.';
export const MIXED_USER_FIELDS =
  'Restaura por separado los datos de acceso (correo, usuario, roles, activo) y los datos personales: se guardan en formularios distintos.';

type Restore = (
  c: Context<AppEnv>,
  id: number,
  values: Record<string, unknown>,
  version?: number,
) => Promise<void>;
type Restorer = {
  permission: string;
  fields: string[];
  restore: Restore;
  route?: (campos: string[]) => { permission: string; restore: Restore } | null;
};

/**
 * What a restore of one entity needs: the permission to edit it, its fields, the write; `route`
 * picks another write (and its permission) for some fields.
 */
function restorerOf(entity: string): Restorer | null {
  const def = RESOURCES.find((r) => r.key === entity);
  if (def)
    return {
      permission: configPermission(def.section, 'edit'),
      fields: restorableFields(def),
      restore: async (c: Context<AppEnv>, id: number, values: Record<string, unknown>, version?: number) => {
        await restoreRow(c.var.db, c.var.blobs, def, id, values, actorOf(c), version);
      },
    };
  if (entity === 'roles')
    return {
      permission: configPermission('seguridad:roles', 'edit'),
      fields: [...ROLE_RESTORABLE] as string[],
      restore: (c: Context<AppEnv>, id: number, values: Record<string, unknown>, version?: number) =>
        restoreRole(c, id, values, version),
    };
  if (entity === 'users')
    return {
      permission: configPermission('seguridad:usuarios', 'edit'),
      fields: [...USER_RESTORABLE, ...PERSONAL_RESTORABLE, 'photo_key'] as string[],
      restore: restoreUser,
      // Personal data goes through the personal-data form's write (decision 0254); the photo
      // through the users screen's photo upload (decision 0298), alone.
      route: (campos: string[]) => {
        if (campos.includes('photo_key')) {
          if (campos.length > 1) throw invalid({ campos: [PHOTO_ALONE] });
          return { permission: configPermission('seguridad:usuarios', 'edit'), restore: restorePhoto };
        }
        const personal = campos.some((f) => (PERSONAL_RESTORABLE as readonly string[]).includes(f));
        if (!personal) return null;
        const account = campos.filter((f) => ACCOUNT_ONLY.has(f));
        if (account.length) throw invalid({ campos: [MIXED_USER_FIELDS] });
        return { permission: P.usuariosRegistradosEdit, restore: restorePersonalInfo };
      },
    };
  // A member's records: whoever may edit registered users (decisions 0253, 0255).
  const member = {
    perfil: [PERFIL_RESTORABLE, restoreProfile],
    beneficiarios: [BENEFICIARY_RESTORABLE, restoreBeneficiary],
    informacion_pago: [PAYMENT_RESTORABLE, restorePaymentInfo],
    validacion_identidad: [IDENTITY_RESTORABLE, restoreIdentity],
  } as const;
  if (entity in member) {
    const [fields, restore] = member[entity as keyof typeof member];
    return { permission: P.usuariosRegistradosEdit, fields: [...fields] as string[], restore };
  }
  return null;
}

/** Mounted at /actividad (worker/app.ts, decision 0322). */
export const activityRoutes = new Hono<AppEnv>()
  .get('/', requires(P.actividad), async (c) =>
    c.json(await listActivity(c.var.db, queryOf(c.req.query()), readerOf(c))),
  )
  // The entities the log holds, for the grid's Entidad filter (labelled there with entityLabel).
  .get('/entidades', requires(P.actividad), async (c) => {
    const rows = await c.var.db
      .selectDistinct({ entity: activity.entity })
      .from(activity)
      .orderBy(activity.entity);
    return c.json({ data: rows.map((r) => r.entity) });
  })
  .get('/excel', requires(P.actividad), async (c) => {
    const query = queryOf({ ...c.req.query(), page: '1', perPage: '100' });
    const db = c.var.db;
    const reader = readerOf(c);
    const headers = ['Fecha', 'Usuario', 'Acción', 'Entidad', 'Registro', 'IP', 'Campos cambiados'];
    const { filas, pages } = await listExport(
      (page, perPage) => listActivity(db, { ...query, page, perPage }, reader),
      (r) => [
        bogotaDateTime(r.at),
        r.usuario ?? '',
        r.accion_label,
        r.entidad_label,
        r.entity_id,
        r.ip ?? '',
        r.delta ? JSON.stringify(r.delta) : '',
      ],
    );
    return auditedExport(c, {
      entity: 'actividad',
      comentario: JSON.stringify({ filters: query.filters, filas }),
      file: 'actividad',
      body: [{ name: 'Actividad', headers, pages }],
    });
  });

/** Mounted at /revisiones (worker/app.ts, decision 0322). */
export const revisionRoutes = new Hono<AppEnv>().post(
  '/:id{[0-9]+}/restaurar',
  requires(P.actividad),
  params(v.object({ id: id() })),
  json(restoreSchema),
  async (c) => {
    const body = c.req.valid('json');
    const revision = await c.var.db
      .select()
      .from(revisions)
      .where(eq(revisions.id, c.req.valid('param').id))
      .get();
    if (!revision) throw notFound();
    const restorer = restorerOf(revision.entity);
    if (!restorer) throw conflict(NOT_RESTORABLE);
    const anyOf =
      'route' in restorer ? [restorer.permission, P.usuariosRegistradosEdit] : [restorer.permission];
    if (!anyOf.some((p) => c.var.permissions.has(p))) throw forbidden();
    const snapshot = JSON.parse(revision.snapshot) as Record<string, unknown>;
    const wrong = body.campos.filter((f) => !restorer.fields.includes(f) || !(f in snapshot));
    if (wrong.length) throw invalid({ campos: wrong.map(fieldNotRestorable) });
    const { permission, restore } = restorer.route?.(body.campos) ?? restorer;
    if (!c.var.permissions.has(permission)) throw forbidden();
    const values = Object.fromEntries(body.campos.map((f) => [f, snapshot[f]]));
    const current = (await currentSnapshots(c.var.db, [[revision.entity, revision.entityId]])).get(
      `${revision.entity}:${revision.entityId}`,
    );
    // Nothing would change (a stale version still gets its 409 from the write, to reload first).
    const fresh =
      body.version === undefined || current?.version === undefined || body.version === current.version;
    if (current && fresh && body.campos.every((f) => sameValue(values[f], current[f])))
      throw invalid({ campos: [NOTHING_TO_RESTORE] });
    await restore(c, revision.entityId, values, body.version);
    return c.json({ message: MSG.updated });
  },
);
